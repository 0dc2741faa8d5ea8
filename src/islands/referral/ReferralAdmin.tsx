import { useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import { GENERATIONS } from '../../../isomorphic/referral/generations.ts';
import { formatDateTime } from '../../../isomorphic/format/index.ts';
import type { T } from '../../lib/i18n/client.ts';
import { $referralAdmin, setReferralRates, settleRebates } from '../../lib/referral/actions.ts';
import { bpsOf, percentOf } from '../../lib/referral/rates.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { generationName } from './parts.tsx';

/**
 * The console's referral programme: rates per generation (percent of a fee, together at most 90%; saving pays the
 * fees so far at the old rates first), paying what is due now, and the latest payouts.
 */
export function ReferralAdmin({ t }: { t: T }) {
  const dates = useStore($dateOptions);
  const admin = useStore($referralAdmin);
  const view = admin.status === 'success' ? admin.value : null;
  // What the operator typed; until then, and again after each save or payout, the rates the server holds.
  const [edits, setRates] = useState<string[] | null>(null);
  const rates = edits ?? view?.rates.map(percentOf) ?? [];
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const bps = rates.map(bpsOf);
    if (bps.some((b) => b === undefined)) return void showToast('error', t('error.referralRatesInvalid'));
    setBusy(true);
    try {
      await setReferralRates(bps as number[]);
      setRates(null);
      showToast('success', t('common.operationSuccess'));
    } catch {
      // The API client has shown the message.
    } finally {
      setBusy(false);
    }
  };
  const settle = async () => {
    setBusy(true);
    try {
      const r = await settleRebates();
      showToast('success', t('admin.referral.settled', { trades: r.trades, rebates: r.rebates }));
      setRates(null);
    } catch {
      // The API client has shown the message.
    } finally {
      setBusy(false);
    }
  };
  if (!view) return <p className="muted">{t('common.loading')}</p>;
  return (
    <>
      <p className="field__hint">{t('admin.referral.hint', { minutes: view.periodMinutes })}</p>
      <form
        className="referral-rates"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {GENERATIONS.map((g, i) => (
          <label key={g} className="field">
            <span className="field__label">{t('admin.referral.rate', { generation: generationName(t, g) })}</span>
            <input
              name={`rate-${g}`}
              inputMode="decimal"
              size={6}
              value={rates[i] ?? ''}
              onChange={(e) => setRates(rates.map((r, j) => (j === i ? e.target.value : r)))}
            />
          </label>
        ))}
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {t('admin.save')}
        </button>
      </form>
      <div className="wallet-actions referral-settle">
        <button type="button" className="btn" disabled={busy} onClick={() => void settle()}>
          {t('admin.referral.settle')}
        </button>
      </div>
      <div className="wallet-scroll">
        <table className="wallet-table" data-testid="admin-payouts">
          <thead>
            <tr>
              <th>{t('admin.referral.payout')}</th>
              <th>{t('admin.referral.cutOff')}</th>
              <th>{t('admin.referral.paidAt')}</th>
              <th className="num">{t('admin.referral.trades')}</th>
              <th className="num">{t('admin.referral.rebates')}</th>
              <th>{t('admin.referral.by')}</th>
            </tr>
          </thead>
          <tbody>
            {view.payouts.map((p) => (
              <tr key={p.id}>
                <td>#{p.id}</td>
                <td>{formatDateTime(p.cutOff, dates)}</td>
                <td>{formatDateTime(p.paidAt, dates)}</td>
                <td className="num">{p.trades}</td>
                <td className="num">{p.rebates}</td>
                <td>{t(p.manual ? 'admin.referral.byOperator' : 'admin.referral.byJob')}</td>
              </tr>
            ))}
            {!view.payouts.length && (
              <tr>
                <td colSpan={6} className="muted">
                  {t('common.noData')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}
