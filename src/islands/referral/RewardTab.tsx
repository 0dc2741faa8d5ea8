import { useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { ReadableAtom } from 'nanostores';
import type { Page } from '../../../isomorphic/contract/referral.ts';
import { formatDateTime } from '../../../isomorphic/format/index.ts';
import { $agentInfo, rewardDaysStore, rewardUsersStore } from '../../lib/referral/actions.ts';
import type { Loadable } from '../../lib/stores/loadable.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import type { TabProps } from '../account/index.ts';
import { Tabs } from '../ui/Tabs.tsx';
import { Pager } from '../ui/Pager.tsx';
import { generationName, rebate } from './parts.tsx';
import { Amounts } from '../ui/Amounts.tsx';
import { DataTable } from '../ui/DataTable.tsx';

type View = 'days' | 'users';

/**
 * docs/requirements.md §2 reward centre: the rebates the user was paid, in total per asset, per day and per promoted
 * user (masked).
 */
export function RewardTab({ t }: TabProps) {
  const dates = useStore($dateOptions);
  const agent = useStore($agentInfo);
  const info = agent.status === 'success' ? agent.value : null;
  const [view, setView] = useState<View>('days');
  return (
    <div className="referral" data-testid="reward-tab">
      <div className="referral-stats">
        <div className="referral-stat">
          <span>{t('referral.earned')}</span>
          <strong>{info ? <Amounts list={info.earned} testId="reward-total" /> : '…'}</strong>
        </div>
        <div className="referral-stat">
          <span>{t('referral.today')}</span>
          <strong>{info ? <Amounts list={info.today} testId="reward-today" /> : '…'}</strong>
        </div>
      </div>
      {info && (
        <p className="field__hint" data-testid="paid-up-to">
          {info.paidUpTo === null
            ? t('reward.notPaidYet', { minutes: info.periodMinutes })
            : t('reward.paidUpTo', {
                time: formatDateTime(info.paidUpTo, { ...dates, withTime: true }),
                minutes: info.periodMinutes,
              })}
        </p>
      )}
      <Tabs
        label={t('account.tab.reward-center')}
        active={view}
        onChange={setView}
        tabs={[
          { key: 'days', label: t('reward.byDay') },
          { key: 'users', label: t('reward.byUser') },
        ]}
      />
      {view === 'days' ? <Days t={t} /> : <Users t={t} />}
    </div>
  );
}

/** One page of a list at a time: the store of the page on screen. */
function usePage<R>(
  store: (page: number) => ReadableAtom<Loadable<Page<R>>>,
): [Page<R> | null, number, (p: number) => void] {
  const [page, setPage] = useState(1);
  const rows = useStore(store(page));
  return [rows.status === 'success' ? rows.value : null, page, setPage];
}

function Days({ t }: { t: TabProps['t'] }) {
  const dates = useStore($dateOptions);
  const [rows, page, setPage] = usePage(rewardDaysStore);
  if (!rows) return <p className="muted">{t('common.loading')}</p>;
  return (
    <div className="wallet-scroll">
      <DataTable
        className="wallet-table"
        testId="reward-days"
        rows={rows.records}
        rowKey={(r) => `${r.dayStart}-${r.asset}`}
        empty={t('common.noData')}
        columns={[
          {
            key: 'day',
            label: t('reward.day'),
            phone: 'title',
            cell: (r) => formatDateTime(r.dayStart, { ...dates, withTime: false }),
          },
          { key: 'asset', label: t('reward.asset'), cell: (r) => r.asset },
          { key: 'amount', label: t('reward.amount'), num: true, cell: (r) => rebate(r.amount) },
          { key: 'users', label: t('reward.users'), num: true, cell: (r) => r.users },
        ]}
      />
      <Pager t={t} page={page} total={rows.total} size={rows.size} onPage={setPage} />
    </div>
  );
}

function Users({ t }: { t: TabProps['t'] }) {
  const dates = useStore($dateOptions);
  const [rows, page, setPage] = usePage(rewardUsersStore);
  if (!rows) return <p className="muted">{t('common.loading')}</p>;
  return (
    <div className="wallet-scroll">
      <DataTable
        className="wallet-table"
        testId="reward-users"
        rows={rows.records}
        rowKey={(r, i) => `${r.name}-${r.asset}-${i}`}
        empty={t('common.noData')}
        columns={[
          { key: 'user', label: t('referral.user'), phone: 'title', cell: (r) => r.name },
          { key: 'generation', label: t('reward.generation'), cell: (r) => generationName(t, r.generation) },
          { key: 'asset', label: t('reward.asset'), cell: (r) => r.asset },
          { key: 'amount', label: t('reward.amount'), num: true, cell: (r) => rebate(r.amount) },
          { key: 'last', label: t('reward.lastPaid'), cell: (r) => formatDateTime(r.lastTime, dates) },
        ]}
      />
      <Pager t={t} page={page} total={rows.total} size={rows.size} onPage={setPage} />
    </div>
  );
}
