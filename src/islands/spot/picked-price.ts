import { atom } from 'nanostores';

/** A price the user clicked in the book or the trades, for the order form to take over. */
export const $pickedPrice = atom<string | null>(null);
