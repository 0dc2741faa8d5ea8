import type { ChainMessage } from '../../../isomorphic/contract/private-feed.ts';
import type { Bus } from '../../bus/bus.ts';
import type { TradingCore } from '../../core/core.ts';
import { postFunds, type FundsPost } from '../../core/funds.ts';
import { userTopics } from '../../feeds/topics.ts';
import { ACCOUNT } from '../../ledger/account-types.ts';
import type { Posting } from '../../ledger/ledger.ts';
import type { Db, Queryable } from '../../storage/db.ts';
import { withdrawalHoldId } from '../../wallet/withdrawal-holds.ts';
import { chainRows, tokenRows } from '../chain.repo.ts';
import { ledgerCost } from '../signer/gas-cost.ts';
import * as repo from './payouts.repo.ts';

/** The prepare step found the row settled already (another run, another process): nothing is booked. */
class AlreadySettled extends Error {}

/** Each chain's own coin and its decimals: what gas is paid in. */
async function gasCoins(q: Queryable): Promise<Map<string, { coin: string; decimals: number }>> {
  const tokens = await tokenRows(q);
  const out = new Map<string, { coin: string; decimals: number }>();
  for (const c of await chainRows(q)) {
    const t = tokens.find((x) => x.chain === c.key && x.coin === c.native_coin);
    out.set(c.key, { coin: c.native_coin, decimals: Number(t?.decimals ?? 18) });
  }
  return out;
}

/** Gas is the platform's: from its gas budget (account 110) to the external world, in ledger units rounded up. */
export function gasLines(gas: { coin: string; decimals: number } | undefined, cost: string | null): Posting[] {
  const units = gas && cost ? ledgerCost(BigInt(cost), gas.decimals) : 0n;
  if (!gas || units === 0n) return [];
  return [
    { owner: null, type: ACCOUNT.chainGas, asset: gas.coin, available: -units, billType: 'chain_gas' },
    { owner: null, type: ACCOUNT.external, asset: gas.coin, available: units, billType: 'chain_gas' },
  ];
}

/**
 * Settles what the signer finished (docs/products/chain.md, "Withdrawals sent"), each row exactly once: the prepare
 * step's conditional update (settled 0 → 1) decides it, in one transaction with the core's journal row. A confirmed
 * payout spends the withdrawal's hold as an approval off chain does (amount to external, fee to fee income); a failed
 * one returns the hold to the user (bill withdraw_return) and fails the withdrawal with the chain's reason. Every
 * payout's and sweep's gas is booked from account 110, never from the user.
 */
export async function runSettlement(db: Db, core: TradingCore, bus: Bus): Promise<number> {
  const gas = await gasCoins(db);
  let settled = 0;
  // A row the core refuses (a gas budget overdrawn by hand, say) stays unsettled and is tried again next run; the
  // rows after it are settled meanwhile, and the first refusal is thrown at the end for the job's log.
  let refused: unknown;
  const once = async (prepare: (q: Queryable) => Promise<FundsPost>): Promise<boolean> => {
    try {
      return await settleOnce(core, prepare);
    } catch (err) {
      refused ??= err;
      return false;
    }
  };
  for (const p of await repo.unsettledPayouts(db)) {
    const id = Number(p.withdrawal_id);
    const userId = Number(p.user_id);
    const amount = BigInt(p.amount);
    const fee = BigInt(p.fee);
    const hold = withdrawalHoldId(id);
    const meta = { refType: 'withdrawal', refId: id };
    const spent: Posting[] = gasLines(gas.get(p.chain), p.gas_cost);
    const ok = await once(async (q) => {
      if (!(await repo.claimPayout(q, id))) throw new AlreadySettled();
      if (p.status === 'confirmed')
        return {
          spends: [
            { hold, amount, billType: 'withdraw' },
            { hold, amount: fee, billType: 'withdraw_fee' },
          ],
          lines: [
            { owner: null, type: ACCOUNT.external, asset: p.coin, available: amount },
            { owner: null, type: ACCOUNT.feeIncome, asset: p.coin, available: fee, billType: 'withdraw_fee' },
            ...spent,
          ],
          meta: { ...meta, billType: 'withdraw' },
        };
      await repo.failWithdrawal(q, id, `chain: ${p.error ?? 'failed'}`, Date.now());
      return {
        spends: [{ hold, amount: amount + fee, billType: 'withdraw_return' }],
        lines: [{ owner: userId, type: ACCOUNT.spot, asset: p.coin, available: amount + fee }, ...spent],
        meta: { ...meta, billType: 'withdraw_return' },
      };
    });
    if (!ok) continue;
    settled++;
    const message: ChainMessage = { kind: 'withdrawal', withdrawalId: id, status: p.status, txHash: p.tx_hash };
    bus.publish(userTopics.chain(userId), message);
  }
  for (const s of await repo.unsettledSweeps(db)) {
    const id = Number(s.id);
    const lines = gasLines(gas.get(s.chain), s.gas_cost);
    const claim = async (q: Queryable) => {
      if (!(await repo.claimSweep(q, id))) throw new AlreadySettled();
    };
    const ok = lines.length
      ? await once(async (q) => {
          await claim(q);
          return { lines, meta: { billType: 'chain_gas', refType: 'chain_sweep', refId: id } };
        })
      : await db.tx(claim).then(
          () => true,
          (err) => (err instanceof AlreadySettled ? false : Promise.reject(err)),
        );
    if (ok) settled++;
  }
  if (refused) throw refused;
  return settled;
}

async function settleOnce(core: TradingCore, prepare: (q: Queryable) => Promise<FundsPost>): Promise<boolean> {
  try {
    await core.submitPrepared(postFunds, prepare);
    return true;
  } catch (err) {
    if (err instanceof AlreadySettled) return false;
    throw err;
  }
}
