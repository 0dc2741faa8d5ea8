/**
 * What the borrow dialog shows before the user confirms: the most the account may borrow of a coin now, with its
 * rates (asked each time a dialog starts showing it), and the server's preview of the amount typed (asked a
 * moment after the last keystroke). Each holds a Loadable, so a refusal is a value the dialog shows as its error.
 */
import { atom, onStart, readonlyType, type ReadableAtom, type WritableAtom } from 'nanostores';
import type { ApiError } from '../api/client.ts';
import type { BorrowPreview, CanBorrow } from '../../../isomorphic/contract/margin.ts';
import type { Loadable } from '../stores/loadable.ts';
import { canBorrow, previewBorrow, type MarginTarget } from './actions.ts';

/** A pause after the last keystroke before the preview is asked for, so typing "1000" asks once. */
export const PREVIEW_DELAY_MS = 300;

// `request` rejects with ApiError only (a transport failure too).
const failed = (e: unknown) => ({ status: 'error' as const, error: e as ApiError });

const limitStores = new Map<string, WritableAtom<Loadable<CanBorrow>>>();
/** Nothing to ask (a repay, or no coin chosen). */
export const $noLimits: ReadableAtom<Loadable<CanBorrow>> = readonlyType(atom<Loadable<CanBorrow>>({ status: 'idle' }));

/** The most of `coin` the account may borrow now: asked afresh each time a dialog starts showing it. */
export function borrowLimitsStore(to: MarginTarget, coin: string): ReadableAtom<Loadable<CanBorrow>> {
  const key = `${to.mode}:${to.mode === 'isolated' ? to.symbol : ''}:${coin}`;
  let store = limitStores.get(key);
  if (!store) {
    const s = (store = atom<Loadable<CanBorrow>>({ status: 'idle' }));
    onStart(s, () => {
      if (typeof window === 'undefined') return;
      s.set({ status: 'pending' });
      canBorrow(to, coin).then(
        (value) => s.set({ status: 'success', value }),
        (e: unknown) => s.set(failed(e)),
      );
    });
    limitStores.set(key, store);
  }
  return readonlyType(store);
}

const preview = atom<Loadable<BorrowPreview>>({ status: 'idle' });
/** The preview of the amount last typed; idle while there is nothing (valid) to preview. */
export const $borrowPreview = readonlyType(preview);

let timer: ReturnType<typeof setTimeout> | undefined;
let asked = 0;

/** Asks for the preview of a borrow a moment after the last change; an answer to an earlier question is dropped. */
export function askBorrowPreview(to: MarginTarget, coin: string, amount: string): void {
  clearBorrowPreview();
  const mine = asked;
  timer = setTimeout(() => {
    preview.set({ status: 'pending' });
    previewBorrow(to, coin, amount).then(
      (value) => mine === asked && preview.set({ status: 'success', value }),
      (e: unknown) => mine === asked && preview.set(failed(e)),
    );
  }, PREVIEW_DELAY_MS);
}

/** Drops the preview and the question under way (the amount changed, or the dialog closed). */
export function clearBorrowPreview(): void {
  clearTimeout(timer);
  asked++;
  preview.set({ status: 'idle' });
}
