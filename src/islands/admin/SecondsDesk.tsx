import { useMemo, useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { PeriodBody, SecondsPeriodAdmin } from '../../../isomorphic/contract/seconds.ts';
import type { T } from '../../lib/i18n/client.ts';
import { $secondsDesk, fundSecondsPool, savePeriodSettings } from '../../lib/admin/seconds-desk.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { formatAssetAmount as fmt } from '../../../isomorphic/format/index.ts';

type Draft = Record<'profit' | 'loss' | 'minStake' | 'maxStake' | 'exposureCap', string> & { active: boolean };

const draftOf = (p: SecondsPeriodAdmin): Draft => ({
  profit: String(p.profitBps / 100),
  loss: String(p.lossBps / 100),
  minStake: p.minStake,
  maxStake: p.maxStake,
  exposureCap: p.exposureCap,
  active: p.active,
});
const bps = (percent: string) => Math.round(Number(percent) * 100);
const whole = (s: string) => (/^\d+$/.test(s) ? Number(s) : NaN);

/**
 * Second contracts as operators run them: each period's rates, stake limits and cap on open stakes per direction,
 * which apply to orders opened after a change (open orders keep theirs), and the counterparty pool. Operators
 * never touch an order or its outcome; every change is audited.
 */
export function SecondsDesk({ t }: { t: T }) {
  const desk = useStore($secondsDesk);
  const periods = desk.status === 'success' ? desk.value.periods : null;
  const pool = desk.status === 'success' ? desk.value.pool : null;
  // What the operator typed over the periods' settings; cleared after each save, when the desk loads again.
  const [edits, setEdits] = useState<Record<number, Draft>>({});
  const drafts = useMemo(
    (): Record<number, Draft> => ({ ...Object.fromEntries((periods ?? []).map((p) => [p.id, draftOf(p)])), ...edits }),
    [periods, edits],
  );
  const [add, setAdd] = useState('');
  const edit = (id: number, change: Partial<Draft>) => setEdits({ ...edits, [id]: { ...drafts[id]!, ...change } });
  const save = async (p: SecondsPeriodAdmin) => {
    const d = drafts[p.id]!;
    const body: PeriodBody = {
      id: p.id,
      symbol: p.symbol,
      seconds: p.seconds,
      profitBps: bps(d.profit),
      lossBps: bps(d.loss),
      minStake: whole(d.minStake),
      maxStake: whole(d.maxStake),
      exposureCap: whole(d.exposureCap),
      active: d.active,
    };
    try {
      await savePeriodSettings(body);
      setEdits({});
      showToast('success', t('common.operationSuccess'));
    } catch {
      // The API client has shown the message.
    }
  };
  const topUp = async () => {
    try {
      await fundSecondsPool(whole(add));
      setAdd('');
      showToast('success', t('common.operationSuccess'));
    } catch {
      // The API client has shown the message.
    }
  };
  if (!periods || !pool) return <p className="muted">{t('common.loading')}</p>;
  const field = (p: SecondsPeriodAdmin, key: keyof Omit<Draft, 'active'>) => (
    <input
      name={`${key}-${p.id}`}
      inputMode="decimal"
      size={8}
      aria-label={`${t(`admin.seconds.${key}`)} ${p.symbol} ${p.seconds}`}
      value={drafts[p.id]?.[key] ?? ''}
      onChange={(e) => edit(p.id, { [key]: e.target.value })}
    />
  );
  return (
    <>
      <p className="field__hint">{t('admin.seconds.hint')}</p>
      <p data-testid="seconds-pool">
        {t('admin.seconds.pool')}: <strong>{fmt(pool.balance, 2)}</strong> {pool.coin} · {t('admin.seconds.reserved')}:{' '}
        <strong>{fmt(pool.reserved, 2)}</strong> {pool.coin}
      </p>
      <div className="admin-actions">
        <input
          name="pool-add"
          inputMode="numeric"
          size={12}
          aria-label={t('admin.seconds.fund')}
          value={add}
          onChange={(e) => setAdd(e.target.value.replace(/\D/g, ''))}
        />
        <button type="button" className="btn" disabled={!add} onClick={() => void topUp()}>
          {t('admin.seconds.fund')}
        </button>
      </div>
      <div className="wallet-scroll">
        <table className="wallet-table" data-testid="admin-seconds">
          <thead>
            <tr>
              <th>{t('admin.seconds.symbol')}</th>
              <th>{t('admin.seconds.seconds')}</th>
              <th>{t('admin.seconds.profit')}</th>
              <th>{t('admin.seconds.loss')}</th>
              <th>{t('admin.seconds.minStake')}</th>
              <th>{t('admin.seconds.maxStake')}</th>
              <th>{t('admin.seconds.exposureCap')}</th>
              <th>{t('admin.seconds.active')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {periods.map((p) => (
              <tr key={p.id} data-period={`${p.symbol}-${p.seconds}`}>
                <td>{p.symbol.toUpperCase()}</td>
                <td>{p.seconds}</td>
                <td>{field(p, 'profit')}</td>
                <td>{field(p, 'loss')}</td>
                <td>{field(p, 'minStake')}</td>
                <td>{field(p, 'maxStake')}</td>
                <td>{field(p, 'exposureCap')}</td>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`${t('admin.seconds.active')} ${p.symbol} ${p.seconds}`}
                    checked={drafts[p.id]?.active ?? false}
                    onChange={(e) => edit(p.id, { active: e.target.checked })}
                  />
                </td>
                <td>
                  <button type="button" className="btn" onClick={() => void save(p)}>
                    {t('admin.save')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
