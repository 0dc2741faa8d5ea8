import type { CustomerServiceEntry } from '../../isomorphic/contract/otc.ts';
import type { Config } from '../config.ts';
import { readSetting } from '../settings/settings.repo.ts';
import type { Db } from '../storage/db.ts';

/** The start-up values of the support links, which a setting operators change at run time (app_settings) overrides. */
type SupportDefaults = Pick<Config, 'whitePaperUrl' | 'customerServiceUrls'>;

export async function whitePaperUrl(db: Db, defaults: SupportDefaults): Promise<string | null> {
  return (await readSetting(db, 'support.whitePaperUrl')) ?? defaults.whitePaperUrl ?? null;
}

/**
 * The customer-service links; with no outside link the platform's own chat answers (server/otc/chat.service.ts), rather
 * than "no customer service".
 */
export async function customerServiceLinks(db: Db, defaults: SupportDefaults): Promise<CustomerServiceEntry[]> {
  const stored = await readSetting(db, 'support.customerServiceUrls');
  const urls = stored ? stored.split(',') : defaults.customerServiceUrls;
  const links = urls.map((url) => url.trim()).filter(Boolean);
  return links.length ? links.map((url) => ({ url, kind: 'link' as const })) : [{ url: '', kind: 'chat' as const }];
}
