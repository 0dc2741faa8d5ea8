import { ApiError, request } from '../api/client.ts';
import { openServiceChat } from '../chat/service.ts';
import { customerService, whitePaperSetting } from '../../../isomorphic/contract/common.endpoints.ts';
import type { CustomerServiceEntry } from '../../../isomorphic/contract/otc.ts';
import { translate } from '../i18n/client.ts';
import { showToast } from '../stores/toast.ts';

/**
 * Opens a link the server configures in a new tab, or explains with the docs/requirements.md §8 warning why it cannot.
 */
function openExternal(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/** The white paper of the top menu and icon (docs/requirements.md §7, §8). */
export async function openWhitePaper(): Promise<void> {
  try {
    const data = await request(whitePaperSetting, { quiet: true });
    if (data?.url) openExternal(data.url);
    else showToast('warning', translate('support.noWhitePaper'));
  } catch {
    showToast('error', translate('support.whitePaperUnavailable'));
  }
}

/**
 * Customer service of the top bar icon and footer (docs/requirements.md §7, §8): data.code must be 200, data.data a
 * list of entries. A link opens in a new tab; the platform's own chat (kind 'chat', offered when no link is configured)
 * opens the customer-service dialog.
 */
export async function openCustomerService(): Promise<void> {
  let data: { code: number; data: CustomerServiceEntry[] };
  try {
    data = await request(customerService, { quiet: true });
  } catch (err) {
    showToast(
      'error',
      translate(err instanceof ApiError && err.code !== 0 ? 'support.badCode' : 'support.unavailable'),
    );
    return;
  }
  if (data?.code !== 200) return void showToast('error', translate('support.badCode'));
  const url = data.data?.find((d) => d.kind !== 'chat' && d.url)?.url;
  if (url) openExternal(url);
  else if (data.data?.some((d) => d.kind === 'chat')) openServiceChat();
  else showToast('warning', translate('support.noLink'));
}
