/**
 * The public page of the insurance fund: its balance per margin asset and its history, paged and by asset. The
 * island reads `$insuranceFund` (the first view loads when it is first shown) and calls `showInsuranceFund`;
 * nothing else fetches.
 */
import { atom, onMount, type ReadableAtom } from 'nanostores';
import { request } from '../api/client.ts';
import * as api from '../../../isomorphic/contract/perpetual.endpoints.ts';
import type { InsuranceFund, InsuranceFundRecord } from '../../../isomorphic/contract/perpetual.ts';

/** The dictionary prefixes the page uses. */
export const INSURANCE_MESSAGES = ['insurance.', 'common.', 'assets.prev', 'assets.next', 'assets.pageOf'];
const INSURANCE_PAGE_SIZE = 20;

/** Which movements the page shows: every asset's, or one. */
export interface FundView {
  asset: string | null;
  page: number;
}

type FundState =
  | { status: 'loading'; view: FundView }
  | { status: 'ready'; view: FundView; fund: InsuranceFund }
  | { status: 'failed'; view: FundView };

const $state = atom<FundState>({ status: 'loading', view: { asset: null, page: 1 } });
export const $insuranceFund: ReadableAtom<FundState> = $state;
onMount($state, () => {
  if (typeof window !== 'undefined') void showInsuranceFund($state.get().view);
});

/** Loads a view; an answer to an older view than the one asked last is dropped (quick clicks through pages). */
export async function showInsuranceFund(view: FundView): Promise<void> {
  // The table stays while the next page loads, so the page does not jump.
  const previous = $state.get();
  $state.set(previous.status === 'ready' ? { ...previous, view } : { status: 'loading', view });
  try {
    const fund = await request(api.insuranceFund, {
      query: { ...(view.asset ? { asset: view.asset } : {}), page: view.page, size: INSURANCE_PAGE_SIZE },
    });
    if ($state.get().view === view) $state.set({ status: 'ready', view, fund });
  } catch {
    if ($state.get().view === view) $state.set({ status: 'failed', view });
  }
}

export interface RecordRow {
  id: number;
  time: number;
  asset: string;
  /** The dictionary key of its reason. */
  reasonKey: string;
  direction: 'in' | 'out';
  /** Unsigned: the direction says which way. */
  amount: string;
  balance: string;
}

/** A movement as a row: its reason's label key, which way it went, and the amount without its sign. */
export function recordRow(r: InsuranceFundRecord): RecordRow {
  const out = r.amount.startsWith('-');
  return {
    id: r.id,
    time: r.time,
    asset: r.asset,
    reasonKey: `insurance.reason.${r.reason}`,
    direction: out ? 'out' : 'in',
    amount: out ? r.amount.slice(1) : r.amount,
    balance: r.balance,
  };
}

/** The asset filter's choices: all, then each asset the fund holds, in the order given. */
export function assetChoices(fund: InsuranceFund | undefined): Array<string | null> {
  return [null, ...(fund?.balances.map((b) => b.asset) ?? [])];
}
