import { useState } from 'react';
import { checkSchedule, MAX_LEVELS, type FeeLevel } from '../../../isomorphic/fees/schedule.ts';
import type { T } from '../../lib/i18n/client.ts';
import { $feeSchedule, saveFeeSchedule } from '../../lib/fees/actions.ts';
import { percentText, rateOfPercent } from '../../lib/fees/format.ts';
import { useStore } from '../../lib/stores/first-frame.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { RATE_COLUMNS, VOLUME_COLUMNS } from './parts.tsx';

type Field = (typeof RATE_COLUMNS)[number][0] | (typeof VOLUME_COLUMNS)[number][0];
const FIELDS = [...VOLUME_COLUMNS, ...RATE_COLUMNS];
type Row = Record<Field, string>;

const isVolume = (k: Field) => k.endsWith('Volume');
/** Volumes as whole USDT, rates as a percent without its sign (750 → '0.075'). */
const rowOf = (l: FeeLevel): Row =>
  Object.fromEntries(FIELDS.map(([k]) => [k, isVolume(k) ? String(l[k]) : percentText(l[k])])) as Row;
/** A typed row as a level: volumes digits only, rates a percent of at most 4 decimals, else NaN (refused). */
const levelOf = (r: Row, level: number): FeeLevel => {
  const n = (v: string) => (/^\d{1,13}$/.test(v.trim()) ? Number(v.trim()) : Number.NaN);
  const value = (k: Field) => (isVolume(k) ? n(r[k]) : rateOfPercent(r[k]));
  return { level, ...(Object.fromEntries(FIELDS.map(([k]) => [k, value(k)])) as Record<Field, number>) };
};
const REFUSALS = {
  count: 'error.feeScheduleCount',
  rates: 'error.feeScheduleRates',
  thresholds: 'error.feeScheduleThresholds',
} as const;

/**
 * The console's fee schedule: every level's volumes (whole USDT) and rates (a percent, to 0.0001%), checked here as the
 * server checks them; saving replaces the schedule for the fills that follow and is audited.
 */
export function FeeScheduleAdmin({ t }: { t: T }) {
  const schedule = useStore($feeSchedule);
  // What the operator typed; until then, and again after each save, the schedule the server holds.
  const [edits, setEdits] = useState<Row[] | null>(null);
  const [busy, setBusy] = useState(false);
  if (schedule.status !== 'success') return <p className="muted">{t('common.loading')}</p>;
  const rows = edits ?? schedule.value.levels.map(rowOf);
  const change = (i: number, k: Field, v: string) => setEdits(rows.map((r, j) => (j === i ? { ...r, [k]: v } : r)));
  const save = async () => {
    const levels = rows.map(levelOf);
    const refused = checkSchedule(levels);
    if (refused) return void showToast('error', t(REFUSALS[refused]));
    setBusy(true);
    try {
      await saveFeeSchedule(levels);
      setEdits(null);
      showToast('success', t('common.operationSuccess'));
    } catch {
      // The API client has shown the message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="fees-admin"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <p className="field__hint">{t('fees.admin.hint')}</p>
      <div className="table-scroll">
        <table className="wallet-table" data-testid="admin-fee-schedule">
          <thead>
            <tr>
              <th scope="col">{t('fees.level')}</th>
              {FIELDS.map(([k, label]) => (
                <th key={k} scope="col">
                  {t(label)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={i}>
                <th scope="row">{t('fees.vip', { n: i })}</th>
                {FIELDS.map(([k, label]) => (
                  <td key={k}>
                    <input
                      name={`${k}-${i}`}
                      aria-label={`${t('fees.vip', { n: i })} ${t(label)}`}
                      inputMode={isVolume(k) ? 'numeric' : 'decimal'}
                      size={isVolume(k) ? 12 : 6}
                      value={r[k]}
                      onChange={(e) => change(i, k, e.target.value)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="wallet-actions">
        <button
          type="button"
          className="btn"
          disabled={busy || rows.length >= MAX_LEVELS}
          onClick={() => setEdits([...rows, { ...rows[rows.length - 1]! }])}
        >
          {t('fees.admin.add')}
        </button>
        <button
          type="button"
          className="btn"
          disabled={busy || rows.length <= 1}
          onClick={() => setEdits(rows.slice(0, -1))}
        >
          {t('fees.admin.remove')}
        </button>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {t('admin.save')}
        </button>
      </div>
    </form>
  );
}
