import { useStore as useNanoStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';

const builtWith = new WeakMap<ReadableAtom<unknown>, () => unknown>();

/**
 * Declares the value `store` has when the pages are built, for a store whose value in the browser is already
 * different when the islands hydrate: one read from localStorage (the session, the settings), or one that a load
 * sets on its first subscriber (a list going to "loading"). Islands hydrate with this value, as the static HTML
 * shows it, and render the browser's right after. Without it React finds that the first client frame differs from
 * the HTML (error #418), throws the server's HTML away and renders the island again from nothing.
 */
export function firstFrame<S extends ReadableAtom<unknown>>(
  store: S,
  value: S extends ReadableAtom<infer T> ? T : never,
): S {
  builtWith.set(store, () => value);
  return store;
}

/**
 * @nanostores/react's useStore, hydrating with the value declared by firstFrame (React uses it as
 * useSyncExternalStore's server snapshot, then re-renders with the store's own value once the island is live).
 * Islands import this one (src/islands/pattern.test.ts).
 */
export function useStore<T>(store: ReadableAtom<T>): T {
  const built = builtWith.get(store) as (() => T) | undefined;
  return useNanoStore(store, built ? { ssr: built } : undefined);
}
