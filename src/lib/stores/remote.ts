import { atom, onMount, readonlyType, type ReadableAtom } from 'nanostores';
import { asApiError } from '../api/failure.ts';
import { firstFrame } from './first-frame.ts';
import type { Loadable } from './loadable.ts';

/** A store of what the API answered, and the way to ask again after a change. */
interface Remote<T> {
  readonly $value: ReadableAtom<Loadable<T>>;
  /** Asks again. What is on screen stays until the answer; rejects as the load does. */
  reload(): Promise<void>;
  /** The answer there is, or to the question on its way, or to asking now; rejects as the load does. */
  ensure(): Promise<T>;
  /** Holds what an action's answer says the state now is (a saved form's result), without asking again. */
  put(value: T): void;
}

/** The value a Loadable holds, or `fallback` before it has one. */
export function valueOf<T, F>(l: Loadable<T>, fallback: F): T | F {
  return l.status === 'success' ? l.value : fallback;
}

interface RemoteOptions {
  /** Stores whose change means the answer is out of date (a page number, the private feed's balance count). */
  deps?: ReadonlyArray<ReadableAtom<unknown>>;
  /** Reference data that does not change while the page is open: a later subscriber gets what is there (ensure()). */
  once?: boolean;
}

/**
 * A store that loads when its first subscriber comes (nanostores' onMount), again whenever one of `deps` changes
 * while it has subscribers, and again on reload(). Only in a browser: pages are also rendered at build time, where
 * it stays idle. Only the latest load writes, so an answer to an older question never overwrites a newer one.
 */
export function remote<T>(load: () => Promise<T>, { deps = [], once = false }: RemoteOptions = {}): Remote<T> {
  const value = atom<Loadable<T>>({ status: 'idle' });
  // Read through .value, not get(): get() on a store nobody listens to mounts it for the moment, which would load.
  let asked = 0;
  let inflight: Promise<T> | undefined;
  const fetchNow = (): Promise<T> => {
    const mine = ++asked;
    if (value.value.status !== 'success') value.set({ status: 'pending' });
    const answer = load().then(
      (v) => {
        if (mine === asked) value.set({ status: 'success', value: v });
        return v;
      },
      (e: unknown) => {
        if (mine === asked) value.set({ status: 'error', error: asApiError(e) });
        throw e;
      },
    );
    inflight = answer;
    const done = () => void (inflight === answer && (inflight = undefined));
    answer.then(done, done);
    return answer;
  };
  const reload = async () => void (await fetchNow());
  const ensure = () => {
    const v = value.value;
    return v.status === 'success' ? Promise.resolve(v.value) : (inflight ?? fetchNow());
  };
  onMount(value, () => {
    if (typeof window === 'undefined') return;
    void (once ? ensure() : fetchNow()).catch(() => {});
    const offs = deps.map((d) => d.listen(() => void fetchNow().catch(() => {})));
    return () => offs.forEach((off) => off());
  });
  const put = (v: T) => {
    // A question still on its way was asked before the change: its answer is out of date.
    asked++;
    value.set({ status: 'success', value: v });
  };
  // Built pages never load (see above): islands hydrate with nothing asked yet.
  return { $value: firstFrame(readonlyType(value), { status: 'idle' }), reload, ensure, put };
}

/** The store of something not asked for (yet): a conditional subscription subscribes to this instead. */
export const $idle = readonlyType(atom<Loadable<never>>({ status: 'idle' }));

/** One store per key, made on first use and shared by every island on the page that asks for the same key. */
export function keyed<A extends unknown[], S>(make: (...args: A) => S): (...args: A) => S {
  const made = new Map<string, S>();
  return (...args) => {
    const key = JSON.stringify(args);
    let store = made.get(key);
    if (!store) made.set(key, (store = make(...args)));
    return store;
  };
}
