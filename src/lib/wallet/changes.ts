import { atom, readonlyType } from 'nanostores';

const changes = atom(0);
/**
 * Moves whenever this tab changed the wallet (a deposit sent, a transfer, a swap): what records and balances on screen
 * follow.
 */
export const $walletChanges = readonlyType(changes);

/** Says that this tab changed the wallet, so what is on screen of it loads again. */
export function walletChanged(): void {
  changes.set(changes.get() + 1);
}
