import { computed, onStart, type ReadableAtom } from 'nanostores';

/**
 * Where a list loaded from the server stands: not asked yet, on its way, shown, or failed (the screen offers a retry).
 */
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/**
 * Tickets for requests of which only the latest counts: take one before asking, and drop the answer unless it is
 * still current. `const calls = latest(); const n = calls.next(); … if (calls.isCurrent(n)) show(answer);`
 */
export function latest(): { next(): number; isCurrent(ticket: number): boolean } {
  let last = 0;
  return {
    next: () => ++last,
    isCurrent: (ticket) => ticket === last,
  };
}

/**
 * Runs `work` at most once per `ms`: the first call runs at once, calls during the pause run once after it. For
 * reloads a burst of pushes asks for (a fill sends a balance, an order and a position message together).
 */
export function throttle(
  work: () => void,
  ms: number,
  timers: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'> = globalThis,
): { (): void; cancel(): void } {
  let waiting: ReturnType<typeof setTimeout> | undefined;
  let pending = false;
  const run = () => {
    pending = false;
    work();
    waiting = timers.setTimeout(() => {
      waiting = undefined;
      if (pending) run();
    }, ms);
  };
  const call = () => {
    if (waiting === undefined) run();
    else pending = true;
  };
  call.cancel = () => {
    if (waiting !== undefined) timers.clearTimeout(waiting);
    waiting = undefined;
    pending = false;
  };
  return call;
}

const shownLists = new Map<string, ReadableAtom<unknown>>();
/**
 * A list on screen as seen by a table asking for one query (kind, state, filter…), the list's store being shared
 * by all queries: each time a table starts showing it (onStart, not onMount, which waits a second before it stops
 * and so would miss a quick switch back) `load` asks for it. The table still compares the list's query with its
 * own until the answer comes. A failure is the list's status (the table offers a retry; the API client said why).
 */
export function shownAs<V>(key: string, list: ReadableAtom<V>, load: () => Promise<void>): ReadableAtom<V> {
  let shown = shownLists.get(key) as ReadableAtom<V> | undefined;
  if (!shown) {
    shown = computed(list, (v) => v);
    onStart(shown, () => void (typeof window === 'undefined' ? undefined : load().catch(() => {})));
    shownLists.set(key, shown);
  }
  return shown;
}
