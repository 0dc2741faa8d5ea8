import type { ReadableAtom } from 'nanostores';
import { $isLogin } from '../stores/session.ts';
import { $accountActivity, type AccountActivity } from './private-feed.ts';

/** The counters of the private feed a store may reload on, besides every (re)connection. */
type ActivityCounter = 'balances' | 'orders';

/**
 * An `onMount` body for a store of the signed-in user's data: runs `load` while the store has listeners and the
 * user is signed in — at once, after a login, when the private feed (re)connects (pushes may have been missed),
 * when one of `counters` moves, and when a store in `inputs` (what the load asks for) changes. Following the
 * account activity also signs the private feed in as this user. Nothing runs while pages are built.
 */
export function followAccount(
  load: () => void,
  counters: readonly ActivityCounter[] = [],
  inputs: readonly ReadableAtom<unknown>[] = [],
): () => (() => void) | undefined {
  return () => {
    if (typeof window === 'undefined') return;
    let last: unknown[] = [];
    const check = () => {
      const a: AccountActivity = $accountActivity.get();
      const now = [$isLogin.get(), a.synced, ...counters.map((k) => a[k]), ...inputs.map((s) => s.get())];
      if (now.length === last.length && now.every((v, i) => v === last[i])) return;
      last = now;
      if ($isLogin.get()) load();
    };
    const offs = [$isLogin, $accountActivity, ...inputs].map((s) => s.listen(check));
    check();
    return () => offs.forEach((off) => off());
  };
}
