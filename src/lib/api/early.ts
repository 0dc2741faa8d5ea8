import type { Envelope } from '../../../isomorphic/contract/codes.ts';

/**
 * Calls a page starts from an inline script while its modules are still downloading (the trade screen's market
 * list: its first frame waits on it, and on a phone's network the modules take a second or more). The script
 * stores the call's promise under this global; the store that would make the call takes it instead, once.
 */
export const EARLY_GLOBAL = '__lumexEarly';

type EarlyCalls = Record<string, Promise<Envelope<unknown> | null> | undefined>;

/** The answer of the early call named `name`, once; null when there was none or it failed (the caller asks again). */
export async function takeEarly<T>(name: string): Promise<T | null> {
  if (typeof window === 'undefined') return null;
  const calls = (window as unknown as Record<string, EarlyCalls | undefined>)[EARLY_GLOBAL];
  const pending = calls?.[name];
  if (!pending) return null;
  delete calls[name];
  const answer = await pending;
  return answer?.code === 200 ? (answer.data as T) : null;
}
