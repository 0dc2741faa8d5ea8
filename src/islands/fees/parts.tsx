import type { FeeLevel, MyFees } from '../../../isomorphic/contract/fees.ts';
import { formatAssetAmount } from '../../../isomorphic/format/index.ts';
import type { T } from '../../lib/i18n/client.ts';
import { percentOfRate } from '../../lib/fees/format.ts';
import { Fact } from '../ui/Fact.tsx';
import { type Column, DataTable } from '../ui/DataTable.tsx';

/** The rate columns of a level, in table order, with their header keys. */
export const RATE_COLUMNS = [
  ['spotMakerRate', 'fees.spotMaker'],
  ['spotTakerRate', 'fees.spotTaker'],
  ['perpMakerRate', 'fees.perpMaker'],
  ['perpTakerRate', 'fees.perpTaker'],
] as const;
export const VOLUME_COLUMNS = [
  ['spotVolume', 'fees.spotVolume'],
  ['perpVolume', 'fees.perpVolume'],
] as const;

/** Whole USDT with thousands separators: usdt(1000000) → '1,000,000'. */
const usdt = (n: number) => formatAssetAmount(String(n), 0);

/** The schedule as a table, VIP 0 first; the reader's own level is marked when known. */
export function ScheduleTable({ t, levels, mine }: { t: T; levels: FeeLevel[]; mine?: number }) {
  return (
    <div className="table-scroll">
      <DataTable
        className="wallet-table fees-table"
        testId="fee-schedule"
        label={t('fees.tableLabel')}
        rows={levels}
        rowKey={(l) => l.level}
        rowProps={(l) => ({ className: l.level === mine ? 'is-active' : undefined })}
        columns={[
          {
            key: 'level',
            label: t('fees.level'),
            phone: 'title',
            rowHeader: true,
            cell: (l) => t('fees.vip', { n: l.level }),
          },
          ...VOLUME_COLUMNS.map(
            ([k, label]): Column<FeeLevel> => ({
              key: k,
              label: t(label),
              num: true,
              cell: (l) => (l.level === 0 ? '–' : `≥ ${usdt(l[k])}`),
            }),
          ),
          ...RATE_COLUMNS.map(
            ([k, label]): Column<FeeLevel> => ({
              key: k,
              label: t(label),
              num: true,
              cell: (l) => percentOfRate(l[k]),
            }),
          ),
        ]}
      />
    </div>
  );
}

/**
 * The reader's level: its rates, their 30-day volumes so far and what the next level needs. `titled` gives it its own
 * heading (the fee page; the account centre's tab is headed by the tab's name).
 */
export function MyLevel({ t, mine, titled = false }: { t: T; mine: MyFees; titled?: boolean }) {
  const { level, next } = mine;
  return (
    <section className="fees-mine" data-testid="my-fee-level" aria-label={t('fees.mine.title')}>
      {titled && <h2 className="panel__subtitle">{t('fees.mine.title')}</h2>}
      <dl className="facts">
        <Fact label={t('fees.level')} testId="my-fee-level-name">
          {t('fees.vip', { n: level.level })}
        </Fact>
        {RATE_COLUMNS.map(([k, label]) => (
          <Fact key={k} label={t(label)}>
            {percentOfRate(level[k])}
          </Fact>
        ))}
        <Fact label={t('fees.mine.spotVolume', { days: mine.windowDays })}>
          {formatAssetAmount(mine.spotVolume, 2)} USDT
        </Fact>
        <Fact label={t('fees.mine.perpVolume', { days: mine.windowDays })}>
          {formatAssetAmount(mine.perpVolume, 2)} USDT
        </Fact>
      </dl>
      <p>
        {next
          ? t('fees.mine.next', { n: next.level, spot: usdt(next.spotVolume), perp: usdt(next.perpVolume) })
          : t('fees.mine.top')}
      </p>
      <p className="field__hint">{t('fees.mine.daily')}</p>
    </section>
  );
}
