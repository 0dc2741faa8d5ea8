import { ASSET_SCALE, parseUnits } from '../../isomorphic/money/units.ts';
import { ACCOUNT, type AccountType, type BillType } from '../ledger/account-types.ts';
import type { Posting, PostingMeta } from '../ledger/ledger.ts';
import { amountOut, compactCommand, jsonCommand } from './command.ts';
import type { Spend } from './risk/risk-engine.ts';
import type { TradingCore } from './core.ts';
import type { Queryable } from '../storage/db.ts';

/**
 * A balanced ledger transaction, optionally spending from holds (docs/architecture.md, "The trading core": every
 * balance moves through the core).
 */
export interface FundsPost {
  lines: Posting[];
  meta: PostingMeta;
  spends?: Spend[];
}

export interface FundsHold {
  id: string;
  owner: number;
  type: AccountType;
  asset: string;
  amount: bigint;
  meta: PostingMeta;
}

export interface FundsRelease {
  id: string;
  meta: PostingMeta;
}

/**
 * A line as the journal holds it: `[owner, type, asset, available]`, then `frozen` and `billType` only when it has
 * either; an absent amount is null, so each line reads back with the same fields it was decided with.
 */
type LineTuple = [number | null, AccountType, string, Amount | null, (Amount | null)?, (BillType | null)?];
type SpendTuple = [string, Amount, BillType?];
type Amount = number | string;

function lineOut(p: Posting): LineTuple {
  const t: LineTuple = [p.owner, p.type, p.asset, p.available === undefined ? null : amountOut(p.available)];
  if (p.frozen !== undefined || p.billType !== undefined)
    t.push(p.frozen === undefined ? null : amountOut(p.frozen), p.billType ?? null);
  return t;
}

function lineIn(t: LineTuple): Posting {
  const [owner, type, asset, available, frozen, billType] = t;
  const p: Posting = available === null ? { owner, type, asset } : { owner, type, asset, available: BigInt(available) };
  if (frozen != null) p.frozen = BigInt(frozen);
  if (billType != null) p.billType = billType;
  return p;
}

/**
 * Deposits credited, transfers between a user's accounts, swaps, funding of the platform's own accounts: the most
 * journaled command after orders, so journaled as `[lines, billType, refType, refId, spends?]`.
 */
export const postFunds = compactCommand<FundsPost, void>(
  'funds.post',
  {
    encode(p) {
      const t: unknown[] = [p.lines.map(lineOut), p.meta.billType, p.meta.refType, p.meta.refId];
      if (p.spends)
        t.push(
          p.spends.map(
            (s): SpendTuple => (s.billType ? [s.hold, amountOut(s.amount), s.billType] : [s.hold, amountOut(s.amount)]),
          ),
        );
      return t;
    },
    decode(t) {
      const [lines, billType, refType, refId, spends] = t as [
        LineTuple[],
        BillType,
        string,
        string | number,
        SpendTuple[]?,
      ];
      const p: FundsPost = { lines: lines.map(lineIn), meta: { billType, refType, refId } };
      if (spends)
        p.spends = spends.map(([hold, amount, bill]) =>
          bill ? { hold, amount: BigInt(amount), billType: bill } : { hold, amount: BigInt(amount) },
        );
      return p;
    },
  },
  (ctx, p) => {
    ctx.risk.post(p.lines, p.meta, p.spends);
  },
);

/** Sets funds aside for a request under review (a withdrawal). */
export const holdFunds = jsonCommand<FundsHold, void>('funds.hold', (ctx, h) => {
  ctx.risk.hold(h.id, h.owner, h.type, h.asset, h.amount, h.meta);
});

/** Gives what a hold sets aside back (a rejected withdrawal). */
export const releaseFunds = jsonCommand<FundsRelease, void>('funds.release', (ctx, r) => {
  ctx.risk.release(r.id, r.meta);
});

/**
 * The lines funding a platform account from the external world, per asset: a decimal amount ("1000000", the seed of
 * a fresh install's insurance fund or pools) or units (an operator's top-up).
 */
export function fundingLines(
  type: AccountType,
  amounts: ReadonlyArray<readonly [asset: string, amount: string | bigint]>,
): Posting[] {
  return amounts.flatMap(([asset, amount]) => {
    const parsed = typeof amount === 'bigint' ? { ok: true as const, value: amount } : parseUnits(amount, ASSET_SCALE);
    if (!parsed.ok) throw new Error(`bad funding amount ${amount}`);
    return [
      { owner: null, type: ACCOUNT.external, asset, available: -parsed.value },
      { owner: null, type, asset, available: parsed.value },
    ];
  });
}

/**
 * Funds a platform account from outside, with `also` (rows seeded with it, an operator's audit line) in the same
 * database transaction as the journal append: a start that dies between them does both again, not half.
 */
export function fundPlatform(
  core: TradingCore,
  lines: Posting[],
  meta: PostingMeta,
  also: (q: Queryable) => Promise<void>,
): Promise<void> {
  return core.submitPrepared(postFunds, async (q): Promise<FundsPost> => {
    await also(q);
    return { lines, meta };
  });
}

export const FUNDS_COMMANDS = [postFunds, holdFunds, releaseFunds];
