/**
 * The wallet's contract assets (docs/requirements.md §2 "contract assets"): the user's contract account per margin
 * asset, with wallet and margin balance, margins, unrealised PnL, margin ratio, what orders can use and what can be
 * transferred out. Loaded when a screen first shows it and again when the private feed says it moved.
 */
import { atom, onMount, type ReadableAtom } from 'nanostores';
import { request } from '../api/client.ts';
import * as api from '../../../isomorphic/contract/perpetual.endpoints.ts';
import type { PerpAccount } from '../../../isomorphic/contract/perpetual.ts';
import { $accountActivity, privateFeed } from '../feed/private-feed.ts';
import { $isLogin } from '../stores/session.ts';
import { touchesPerpetual } from './feed.ts';
import { latest, throttle, type LoadStatus } from './remote.ts';
import { sortAccounts } from './view.ts';

interface PerpAccountsView {
  rows: PerpAccount[];
  status: LoadStatus;
}

const $accounts = atom<PerpAccountsView>({ rows: [], status: 'idle' });
export const $perpAccounts: ReadableAtom<PerpAccountsView> = $accounts;

const calls = latest();

/** Loads the contract accounts; a `quiet` reload (after a push) keeps what is shown and shows no toast if it fails. */
export async function loadPerpAccounts(opts: { quiet?: boolean } = {}): Promise<void> {
  const ticket = calls.next();
  const before = $accounts.get();
  if (!(opts.quiet && before.status === 'ready')) $accounts.set({ ...before, status: 'loading' });
  try {
    const rows = await request(api.perpAccounts, { query: {}, quiet: opts.quiet });
    if (calls.isCurrent(ticket)) $accounts.set({ rows: sortAccounts(rows), status: 'ready' });
  } catch (e) {
    if (!calls.isCurrent(ticket)) return;
    if (!(opts.quiet && $accounts.get().status === 'ready')) $accounts.set({ ...$accounts.get(), status: 'error' });
    throw e;
  }
}

/** The account of one margin asset, once loaded. */
export function perpAccountOf(asset: string): PerpAccount | undefined {
  return $accounts.get().rows.find((r) => r.asset === asset);
}

onMount($accounts, () => {
  if (typeof window === 'undefined' || !$isLogin.get()) return;
  loadPerpAccounts().catch(() => {});
  const reload = throttle(() => void loadPerpAccounts({ quiet: true }).catch(() => {}), 1_000);
  // Following the account activity signs the private feed in as this user.
  const offActivity = $accountActivity.listen(() => {});
  const off = privateFeed.listen((m) => {
    if (touchesPerpetual(m)) reload();
  });
  return () => {
    off();
    offActivity();
    reload.cancel();
  };
});
