/**
 * The margin records (borrows, repayments, hourly interest, transfers, margin calls and liquidations), newest first,
 * a page at a time, optionally of one account kind or one kind of record; loaded again when the private feed says
 * a margin balance moved.
 */
import { atom, onMount, type ReadableAtom } from 'nanostores';
import { request } from '../api/client.ts';
import * as api from '../../../isomorphic/contract/margin.endpoints.ts';
import type { MarginMode, MarginRecord, MarginRecordKind } from '../../../isomorphic/contract/margin.ts';
import { latest, shownAs, type LoadStatus } from '../perpetual-assets/remote.ts';
import { LEVEL_REFRESH_MS } from './account.ts';
import { followMargin } from './feed.ts';
import { PAGE_SIZE } from './orders.ts';

interface MarginRecordFilter {
  mode?: MarginMode;
  kind?: MarginRecordKind;
}

interface MarginRecordsView extends MarginRecordFilter {
  page: number;
  total: number;
  records: MarginRecord[];
  status: LoadStatus;
}

const $list = atom<MarginRecordsView>({ page: 1, total: 0, records: [], status: 'idle' });
export const $marginRecords: ReadableAtom<MarginRecordsView> = $list;

/** The records for a table asking for one account kind and kind of record: showing it loads the first page. */
export function marginRecordsStore(filter: MarginRecordFilter): ReadableAtom<MarginRecordsView> {
  return shownAs(`${filter.mode ?? ''}:${filter.kind ?? ''}`, $list, () => loadMarginRecords(filter));
}

const calls = latest();

export async function loadMarginRecords(
  filter: MarginRecordFilter,
  page = 1,
  opts: { quiet?: boolean } = {},
): Promise<void> {
  const ticket = calls.next();
  const before = $list.get();
  const same = before.mode === filter.mode && before.kind === filter.kind;
  $list.set({
    ...filter,
    page,
    total: same ? before.total : 0,
    records: same ? before.records : [],
    status: opts.quiet && same && before.status === 'ready' ? 'ready' : 'loading',
  });
  try {
    const res = await request(api.marginRecords, { query: { ...filter, page, size: PAGE_SIZE }, quiet: opts.quiet });
    if (calls.isCurrent(ticket))
      $list.set({ ...filter, page, total: res.total, records: res.records, status: 'ready' });
  } catch (e) {
    if (!calls.isCurrent(ticket)) return;
    if (!(opts.quiet && $list.get().status === 'ready')) $list.set({ ...$list.get(), status: 'error' });
    throw e;
  }
}

// Interest is charged each hour without a balance push: the list is also asked again at the levels' pace.
onMount($list, () =>
  followMargin(() => {
    const { mode, kind, page, status } = $list.get();
    if (status !== 'idle') loadMarginRecords({ mode, kind }, page, { quiet: true }).catch(() => {});
  }, LEVEL_REFRESH_MS),
);
