import { useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import { failureMessage } from '../../lib/api/failure.ts';
import type { MerchantStatus } from '../../../isomorphic/contract/otc.ts';
import type { T } from '../../lib/i18n/client.ts';
import { formatDateTime } from '../../../isomorphic/format/date-time.ts';
import { href } from '../../lib/navigation.ts';
import { unitsOf, COIN_SCALE } from '../../lib/otc/amounts.ts';
import { $merchantStatus, applyMerchant, OTC_ACCOUNT, transferHref } from '../../lib/otc/merchant.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { submitting } from '../ui/use-form.ts';
import { MerchantCell } from './parts.tsx';
import { Fact } from '../ui/Fact.tsx';

/** Whether each requirement of applying is met: the verification level, and the deposit free in the OTC account. */
export function requirementsMet(s: MerchantStatus): { level: boolean; deposit: boolean } {
  return {
    level: s.level >= s.requiredLevel,
    deposit: (unitsOf(s.otcAvailable, COIN_SCALE) ?? 0n) >= (unitsOf(s.deposit.amount, COIN_SCALE) ?? 0n),
  };
}

/**
 * The merchant application and standing (docs/requirements.md §2 the account centre's merchant tab, §6): none, pending,
 * approved or rejected; what applying needs (advanced verification, the deposit free in the OTC account, with the ways
 * to get them); the Apply button. A refusal shows the server's message.
 */
export function MerchantStatusCard({ t }: { t: T }) {
  const s = useStore($merchantStatus);
  const dates = useStore($dateOptions);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  if (!s) return <p className="otc-empty">{t('common.loading')}</p>;
  const met = requirementsMet(s);
  const deposit = `${s.deposit.amount} ${s.deposit.coin}`;
  const apply = () =>
    void submitting(setBusy, async () => {
      setError('');
      try {
        await applyMerchant();
        showToast('success', t('otc.apply.sent'));
      } catch (e) {
        setError(failureMessage(e));
        throw e;
      }
    });
  return (
    <section className="otc-card otc-apply" data-testid="merchant-status" data-state={s.state}>
      <h2>{t('otc.apply.title')}</h2>
      <p className={`otc-standing otc-standing--${s.state}`} data-testid="merchant-state">
        {t(`otc.apply.state.${s.state}`)}
      </p>
      {s.note && <p className="otc-note">{t('otc.apply.note', { note: s.note })}</p>}
      {s.card && <MerchantCell t={t} m={s.card} />}
      <dl className="facts otc-facts">
        {s.appliedAt !== null && <Fact label={t('otc.apply.appliedAt')}>{formatDateTime(s.appliedAt, dates)}</Fact>}
        {s.reviewedAt !== null && <Fact label={t('otc.apply.reviewedAt')}>{formatDateTime(s.reviewedAt, dates)}</Fact>}
      </dl>
      {(s.state === 'none' || s.state === 'rejected') && (
        <>
          <p>{t('otc.apply.intro', { deposit })}</p>
          <ul className="checklist otc-checklist">
            <li className={met.level ? 'is-done' : 'is-todo'}>
              {t('otc.apply.needLevel', { level: s.requiredLevel, current: s.level })}{' '}
              {!met.level && <a href={href('/account/center?tab=kyc')}>{t('otc.apply.verify')}</a>}
            </li>
            <li className={met.deposit ? 'is-done' : 'is-todo'}>
              {t('otc.apply.needDeposit', { deposit, available: `${s.otcAvailable} ${s.deposit.coin}` })}{' '}
              {!met.deposit && <a href={href(transferHref(OTC_ACCOUNT, s.deposit.coin))}>{t('otc.apply.transfer')}</a>}
            </li>
          </ul>
          {error && (
            <p className="field__error" role="alert">
              {error}
            </p>
          )}
          <button
            type="button"
            className="btn btn--primary"
            disabled={busy}
            onClick={apply}
            data-testid="merchant-apply"
          >
            {t('otc.apply.button', { deposit })}
          </button>
        </>
      )}
      {s.state === 'pending' && <p className="otc-note">{t('otc.apply.pendingNote', { deposit })}</p>}
      {s.state === 'approved' && (
        <p className="otc-links">
          <a className="btn btn--primary" href={href('/merchant/index')}>
            {t('otc.nav.merchant')}
          </a>
          <a className="btn btn--outline" href={href('/merchant/deal')}>
            {t('otc.nav.deals')}
          </a>
        </p>
      )}
    </section>
  );
}
