import { atom, readonlyType } from 'nanostores';

const picked = atom<string | null>(null);
/** A price the user clicked in a book or in the trades, for the order form on the screen to take over. */
export const $pickedPrice = readonlyType(picked);

export function pickPrice(price: string): void {
  picked.set(price);
}
