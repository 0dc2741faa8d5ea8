import { useStore } from '../../lib/stores/first-frame.ts';
import type { MarketEntry } from '../../../isomorphic/contract/spot.ts';
import { goTo } from '../../lib/navigation.ts';
import { $watch, setWatched } from '../../lib/stores/market.ts';
import { $isLogin } from '../../lib/stores/session.ts';

/**
 * Whether a market is on the user's watchlist, and a toggle: optimistic, undone if the call fails, and a trip to
 * the login page for a visitor (docs/requirements.md §2: adding to the watchlist needs a login).
 */
export function useWatchlist() {
  const watch = useStore($watch);
  const isLogin = useStore($isLogin);
  const watched = (m: MarketEntry) => watch[m.symbol] ?? m.optional;
  const toggle = async (m: MarketEntry) => {
    if (!isLogin) return goTo(`/user/login?redirect=${encodeURIComponent(location.pathname + location.search)}`);
    // A failure is undone by the action and shown by the API client.
    await setWatched(m.symbol, !watched(m)).catch(() => {});
  };
  return { watched, toggle };
}
