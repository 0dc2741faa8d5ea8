import type { T } from '../../lib/i18n/client.ts';
import { showToast } from '../../lib/stores/toast.ts';

/** Copies text to the clipboard and says whether it worked, in the page's language. */
export async function copyText(t: T, text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    showToast('success', t('common.copied'));
  } catch {
    showToast('error', t('common.copyFailed'));
  }
}
