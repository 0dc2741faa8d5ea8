import { ASSET_SCALE, parseUnits } from '../../isomorphic/money/units.ts';
import { ACCOUNT, type AccountType, type BillType } from '../ledger/account-types.ts';
import type { Posting, PostingMeta } from '../ledger/ledger.ts';
import { amountOut, compactCommand, jsonCommand, readString, type BatchStrings } from './command.ts';
import type { HoldId } from './risk/hold-table.ts';
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
 * funds.post in the journal: `[width, billType, refType, refId, spends | null, ...lines]`, each line `width` values
 * flat, `owner, type, asset, available`, and `frozen, billType` too (width 6) when any line has either; an absent
 * value is null, so each line reads back with the fields it was decided with. Flat, because a replay parses every
 * command: a nested array per line would double what JSON.parse allocates for a transfer. Bill types, the ref type
 * and assets are the batch's strings (BatchStrings); journals before them hold the strings themselves.
 */
type Amount = number | string;
/** A spend: its hold as named (a string is a hold's name, never a batch string), its amount, its bill type. */
type SpendTuple = [hold: HoldId, amount: Amount, billType?: number | BillType];

const WIDE = 6;
const orNull = (v: bigint | undefined): Amount | null => (v === undefined ? null : amountOut(v));

function encodePost(p: FundsPost, strings: BatchStrings): unknown[] {
  const wide = p.lines.some((l) => l.frozen !== undefined || l.billType !== undefined);
  const spends = p.spends?.map((s): SpendTuple => {
    const t: SpendTuple = [s.hold, amountOut(s.amount)];
    if (s.billType) t.push(strings.id(s.billType));
    return t;
  });
  const { billType, refType, refId } = p.meta;
  const t: unknown[] = [wide ? WIDE : 4, strings.id(billType), strings.id(refType), refId, spends ?? null];
  for (const l of p.lines) {
    t.push(l.owner, l.type, strings.id(l.asset), orNull(l.available));
    if (wide) t.push(orNull(l.frozen), l.billType === undefined ? null : strings.id(l.billType));
  }
  return t;
}

function decodePost(t: unknown[], strings: readonly string[]): FundsPost {
  const width = t[0] as number;
  const lines: Posting[] = new Array((t.length - 5) / width);
  for (let i = 5, n = 0; i < t.length; i += width) {
    const available = t[i + 3] as Amount | null;
    const owner = t[i] as number | null;
    const type = t[i + 1] as AccountType;
    const asset = readString(t[i + 2], strings);
    // The same fields in one order, so the risk engine's loops over lines meet one object shape.
    const p: Posting =
      available === null ? { owner, type, asset } : { owner, type, asset, available: BigInt(available) };
    if (width === WIDE) {
      if (t[i + 4] !== null) p.frozen = BigInt(t[i + 4] as Amount);
      if (t[i + 5] !== null) p.billType = readString(t[i + 5], strings) as BillType;
    }
    lines[n++] = p;
  }
  const post: FundsPost = {
    lines,
    meta: {
      billType: readString(t[1], strings) as BillType,
      refType: readString(t[2], strings),
      refId: t[3] as string | number,
    },
  };
  const spends = t[4] as SpendTuple[] | null;
  if (spends)
    post.spends = spends.map(([hold, amount, billType]) =>
      billType === undefined
        ? { hold, amount: BigInt(amount) }
        : { hold, amount: BigInt(amount), billType: readString(billType, strings) as BillType },
    );
  return post;
}

/** Deposits credited, transfers between a user's accounts, swaps, funding of the platform's own accounts. */
export const postFunds = compactCommand<FundsPost, void>(
  'funds.post',
  { encode: encodePost, decode: decodePost },
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
