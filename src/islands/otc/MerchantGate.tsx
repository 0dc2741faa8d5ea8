import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import type { T } from '../../lib/i18n/client.ts';
import { href } from '../../lib/navigation.ts';
import { MerchantStatusCard } from './MerchantStatusCard.tsx';

/** What a merchant page shows to a user who is not a merchant (yet): the way to apply. */
export function MerchantGate({ t, locale }: { t: T; locale: Locale }) {
  return (
    <div className="otc-gate">
      <header className="otc-head">
        <div>
          <h1>{t('otc.gate.title')}</h1>
          <p className="otc-lead">{t('otc.gate.lead')}</p>
        </div>
        <nav className="otc-links" aria-label={t('otc.links')}>
          <a href={href('/otc/common', locale)}>{t('otc.nav.market')}</a>
        </nav>
      </header>
      <MerchantStatusCard t={t} />
    </div>
  );
}
