import type { ContractKindName } from '../../../isomorphic/contract/perpetual.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { useMessages, type Messages } from '../../lib/i18n/client.ts';
import { PerpetualApp } from './PerpetualApp.tsx';

/**
 * docs/requirements.md §2 /exchange/full-contract/{usdt|coin}: the perpetual screen full-screen for one kind of
 * contract.
 */
export default function PerpetualPage({
  locale,
  messages,
  kind,
}: {
  locale: Locale;
  messages: Messages;
  kind: ContractKindName;
}) {
  const t = useMessages(locale, messages);
  return <PerpetualApp t={t} locale={locale} fullKind={kind} />;
}
