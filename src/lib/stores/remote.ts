import { atom, onMount, readonlyType, type ReadableAtom } from 'nanostores';
import { ApiError } from '../api/client.ts';
import type { Loadable } from './loadable.ts';

/** A store of what the API answered, and the way to ask again after a change. */
export interface Remote<T> {
  readonly $value: ReadableAtom<Loadable<T>>;
  /** Asks again. What is on screen stays until the answer; rejects as the load does. */
  reload(): Promise<void>;
}

/** Anything a load rejects with, as the ApiError a Loadable holds (a programming error keeps its message). */
export function asApiError(e: unknown): ApiError {
  return e instanceof ApiError ? e : new ApiError(0, e instanceof Error ? e.message : String(e), false);
}

/** The value a Loadable holds, or `fallback` before it has one. */
export function valueOf<T, F>(l: Loadable<T>, fallback: F): T | F {
  return l.status === 'success' ? l.value : fallback;
}

/**
 * A store that loads when its first subscriber comes (nanostores' onMount), again whenever one of `deps` changes
 * while it has subscribers, and again on reload(). Only in a browser: pages are also rendered at build time, where
 * it stays idle. Only the latest load writes, so an answer to an older question never overwrites a newer one.
 */
export function remote<T>(load: () => Promise<T>, deps: ReadonlyArray<ReadableAtom<unknown>> = []): Remote<T> {
  const value = atom<Loadable<T>>({ status: 'idle' });
  let asked = 0;
  const reload = async () => {
    const mine = ++asked;
    const now = value.get();
    if (now.status !== 'success') value.set({ status: 'pending' });
    try {
      const answer = await load();
      if (mine === asked) value.set({ status: 'success', value: answer });
    } catch (e) {
      if (mine === asked) value.set({ status: 'error', error: asApiError(e) });
      throw e;
    }
  };
  const quietly = () => void reload().catch(() => {});
  onMount(value, () => {
    if (typeof window === 'undefined') return;
    quietly();
    const offs = deps.map((d) => d.listen(quietly));
    return () => offs.forEach((off) => off());
  });
  return { $value: readonlyType(value), reload };
}

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
