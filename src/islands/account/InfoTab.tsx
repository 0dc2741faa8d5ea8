import { Overview } from '../user/index.ts';
import type { TabProps } from './tabs.ts';

/** docs/requirements.md §2 `?tab=info`: the account's facts and its security checklist. */
export function InfoTab({ t, user, locale }: TabProps) {
  return <Overview t={t} user={user} locale={locale} />;
}
