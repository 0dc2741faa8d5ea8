/**
 * The user's margin accounts (marginProperty: the cross account and every isolated one, with the pairs open for
 * margin) and, per account, what may be borrowed now (getCanborrowList). Loaded when a screen first shows them,
 * again when the private feed says a margin balance or order moved, and every few seconds while shown: a margin
 * level moves with the index prices even when nothing of the user's changes. Margin calls and liquidations the feed
 * announces show as notices while the accounts are on screen.
 */
import { atom, onMount, type ReadableAtom } from 'nanostores';
import { request } from '../api/client.ts';
import * as api from '../../../isomorphic/contract/margin.endpoints.ts';
import type { CanBorrow, MarginMode, MarginProperty, MarginSegment } from '../../../isomorphic/contract/margin.ts';
import { privateFeed } from '../feed/private-feed.ts';
import { translate } from '../i18n/client.ts';
import { latest, type LoadStatus } from '../perpetual-assets/remote.ts';
import { $isLogin } from '../stores/session.ts';
import { showToast } from '../stores/toast.ts';
import { followMargin, marginAlertOf } from './feed.ts';
import { levelText } from './view.ts';

/** The index is sampled every second or two (server/prices); the levels follow at this pace while shown. */
export const LEVEL_REFRESH_MS = 5_000;

interface MarginPropertyView {
  property: MarginProperty | null;
  status: LoadStatus;
}

const $view = atom<MarginPropertyView>({ property: null, status: 'idle' });
export const $marginProperty: ReadableAtom<MarginPropertyView> = $view;

const calls = latest();

/**
 * Loads the margin accounts; a `quiet` reload (a push, the timer) keeps what is shown and shows no toast if it fails.
 */
export async function loadMarginProperty(opts: { quiet?: boolean } = {}): Promise<void> {
  const ticket = calls.next();
  const before = $view.get();
  if (!(opts.quiet && before.status === 'ready')) $view.set({ ...before, status: 'loading' });
  try {
    const property = await request(api.marginProperty, { quiet: opts.quiet });
    if (calls.isCurrent(ticket)) $view.set({ property, status: 'ready' });
  } catch (e) {
    if (!calls.isCurrent(ticket)) return;
    if (!(opts.quiet && $view.get().status === 'ready')) $view.set({ ...$view.get(), status: 'error' });
    throw e;
  }
}

/** A margin call or liquidation as a notice: "Margin call on Cross margin: margin level 1.28". */
function announce(alert: NonNullable<ReturnType<typeof marginAlertOf>>): void {
  const pair = alert.symbol
    ? ($view.get().property?.pairs.find((p) => p.symbol === alert.symbol)?.symbol_name ?? alert.symbol.toUpperCase())
    : '';
  const account =
    alert.mode === 'cross' ? translate('margin.name.cross') : translate('margin.name.isolatedPair', { pair });
  showToast(
    alert.kind === 'liquidation' ? 'error' : 'warning',
    translate(`margin.notice.${alert.kind}`, { account, level: levelText(alert.level) ?? alert.level }),
  );
}

onMount($view, () => {
  if (typeof window === 'undefined' || !$isLogin.get()) return;
  loadMarginProperty().catch(() => {});
  const stop = followMargin(() => void loadMarginProperty({ quiet: true }).catch(() => {}), LEVEL_REFRESH_MS);
  const off = privateFeed.listen((m) => {
    const alert = marginAlertOf(m);
    if (alert) announce(alert);
  });
  return () => {
    off();
    stop();
  };
});

/**
 * Which account a call is about: the `all` or `fixed` path segment, and the pair of an isolated account. (The
 * contract's segmentOfMode says the same, but its module brings zod, which stays out of the islands.)
 */
export function target(
  mode: MarginMode,
  symbol?: string,
): { params: { segment: MarginSegment }; symbol: string | undefined } {
  return { params: { segment: mode === 'cross' ? 'all' : 'fixed' }, symbol: mode === 'isolated' ? symbol : undefined };
}

const borrowables = new Map<string, ReadableAtom<CanBorrow[]>>();

/** Every coin an account may borrow, with the most it may borrow now and the rates; kept fresh while shown. */
export function borrowableStore(mode: MarginMode, symbol?: string): ReadableAtom<CanBorrow[]> {
  const key = `${mode}:${mode === 'isolated' ? symbol : ''}`;
  let store = borrowables.get(key);
  if (store) return store;
  const writable = atom<CanBorrow[]>([]);
  onMount(writable, () => {
    if (typeof window === 'undefined' || !$isLogin.get()) return;
    const { params, symbol: pair } = target(mode, symbol);
    // Quiet: a pair not open for margin answers an error the screen already explains.
    const load = () =>
      void request(api.canBorrowList, { params, query: { symbol: pair }, quiet: true })
        .then((rows) => writable.set(rows))
        .catch(() => {});
    load();
    return followMargin(load, LEVEL_REFRESH_MS);
  });
  borrowables.set(key, (store = writable));
  return store;
}
