import type { CorePart } from '../core/command.ts';
import type { RiskEngine } from '../core/risk/risk-engine.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import type { Queryable } from '../storage/db.ts';
import { withdrawalsInReview } from './wallet.repo.ts';

export const withdrawalHoldId = (id: number) => `withdrawal:${id}`;

/**
 * Withdrawals under review hold their amount and fee in the core (server/core): this part owns those holds. It
 * keeps no state of its own (the holds are in every snapshot); without a snapshot it finds them in the
 * withdrawals table.
 */
export const withdrawalHolds: CorePart = {
  name: 'withdrawals',
  async load(q: Queryable, risk: RiskEngine): Promise<void> {
    for (const w of await withdrawalsInReview(q)) {
      if (w.held > 0n)
        risk.adopt({ id: withdrawalHoldId(w.id), owner: w.userId, type: ACCOUNT.spot, asset: w.coin, amount: w.held });
    }
  },
  snapshot: () => null,
  restore: () => undefined,
};
