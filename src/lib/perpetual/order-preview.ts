import { atom, readonlyType } from 'nanostores';
import { request } from '../api/client.ts';
import * as api from '../../../isomorphic/contract/perpetual.endpoints.ts';
import type { OrderPreview, PreviewBody } from '../../../isomorphic/contract/perpetual.ts';

type PreviewSide = 'buy' | 'sell';

/** How long the form waits after the last keystroke before asking, so typing does not send a call per key. */
export const PREVIEW_DELAY_MS = 350;

const none: Record<PreviewSide, OrderPreview | null> = { buy: null, sell: null };
const preview = atom(none);
/**
 * What an order of each side would hold and the most the account could open, for the form shown; null until asked or if
 * refused.
 */
export const $orderPreview = readonlyType(preview);

let timer: ReturnType<typeof setTimeout> | undefined;
let asked = 0;

/**
 * Asks the cost and largest size of both sides a moment after the form last changed; an answer to an earlier
 * question is dropped. Quiet, since the form asks as the user types.
 */
export function askOrderPreview(body: (side: PreviewSide) => PreviewBody): void {
  stopOrderPreview();
  const mine = asked;
  const ask = (side: PreviewSide) => request(api.orderPreview, { body: body(side), quiet: true }).catch(() => null);
  timer = setTimeout(() => {
    void Promise.all([ask('buy'), ask('sell')]).then(([buy, sell]) => {
      if (mine === asked) preview.set({ buy, sell });
    });
  }, PREVIEW_DELAY_MS);
}

/** Drops the question under way (the form changed again or closed). */
export function stopOrderPreview(): void {
  clearTimeout(timer);
  asked++;
}

/** A fresh form (another contract, or the form shown again) starts without the last one's figures. */
export function clearOrderPreview(): void {
  stopOrderPreview();
  preview.set(none);
}
