import { jsonCommand, tupleCommand, type CommandContext } from '../core/command.ts';
import { place, type PlaceCommand } from '../spot/spot.commands.ts';
import type { OrderRow } from '../spot/orders.repo.ts';
import { holdOf } from '../spot/spot-rule.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { fail } from '../outcome.ts';
import { ASSET_SCALE, formatUnits } from '../../isomorphic/money/units.ts';
import { repay as repayLine } from './borrowing.ts';
import { EMPTY_LINE } from './margin-account.ts';
import type { MarginAcct, MarginBook } from './margin-book.ts';
import { borrowInto, maxTransferOut, refuseInLiquidation, repayment } from './margin-moves.ts';

export const marginOf = (ctx: CommandContext) => ctx.part<MarginBook>('margin');

/** What the margin commands changed, for the feeds once the batch is durable. */
export const MARGIN_CHANGED = 'margin.changed';
export interface MarginChanged {
  users: number[];
}

/** A margin account of the user's: cross (symbol null) or the isolated account of a pair open for margin. */
interface AccountRef {
  userId: number;
  symbol: string | null;
}

function existing(book: MarginBook, r: AccountRef, otherwise: () => never): MarginAcct {
  if (r.symbol !== null) book.marginMarket(r.symbol);
  return book.find(r.userId, r.symbol) ?? otherwise();
}

function assetOf(book: MarginBook, r: AccountRef, asset: string): void {
  if (!book.borrowableAssets().includes(asset)) fail('marginAssetNotInAccount');
  if (r.symbol !== null) {
    const m = book.marginMarket(r.symbol);
    if (asset !== m.base && asset !== m.quote) fail('marginAssetNotInAccount');
  }
}

const changed = (ctx: CommandContext, userId: number) =>
  ctx.emit(MARGIN_CHANGED, { users: [userId] } satisfies MarginChanged);

interface TransferCommand extends AccountRef {
  asset: string;
  amount: bigint;
  direction: 'in' | 'out';
}

/** Moves an asset between the spot account and a margin account; out only what keeps the level above 2. */
export const marginTransfer = jsonCommand<TransferCommand, MarginAcct>('margin.transfer', (ctx, r) => {
  const book = marginOf(ctx);
  assetOf(book, r, r.asset);
  let a: MarginAcct;
  if (r.direction === 'in') {
    // Checked before the account opens: a refusal leaves no trace.
    if (ctx.risk.available(r.userId, ACCOUNT.spot, r.asset) < r.amount) fail('insufficientBalance');
    a = book.open(r.userId, r.symbol, ctx.now);
  } else {
    a = existing(book, r, () => fail('insufficientBalance'));
    if (r.amount > book.free(a, r.asset)) fail('insufficientBalance');
    const max = maxTransferOut(book, a, r.asset);
    if (r.amount > max) fail('marginTransferOutLevel', { max: formatUnits(max, ASSET_SCALE), coin: r.asset });
  }
  const sign = r.direction === 'in' ? 1n : -1n;
  ctx.risk.post(
    [
      { owner: r.userId, type: ACCOUNT.spot, asset: r.asset, available: -sign * r.amount },
      { owner: r.userId, type: book.typeOf(a), asset: r.asset, available: sign * r.amount },
    ],
    { billType: 'margin_transfer', refType: 'margin_account', refId: a.id },
  );
  book.line(a, r.asset).balance += sign * r.amount;
  book.record(a, {
    kind: 'transfer',
    asset: r.asset,
    amount: sign * r.amount,
    interest: 0n,
    principal: 0n,
    createdAt: ctx.now,
  });
  book.touch(a, ctx.now);
  changed(ctx, r.userId);
  return a;
});

interface LoanCommand extends AccountRef {
  asset: string;
  amount: bigint;
}

/** Borrows from the lending pool into a margin account. */
export const marginBorrow = jsonCommand<LoanCommand, MarginAcct>('margin.borrow', (ctx, r) => {
  const book = marginOf(ctx);
  assetOf(book, r, r.asset);
  const a = existing(book, r, () => fail('marginOverMax', { max: '0', coin: r.asset }));
  refuseInLiquidation(book, a);
  borrowInto(book, ctx.risk, a, r.asset, r.amount, ctx.now);
  changed(ctx, r.userId);
  return a;
});

/** Repays a loan from the account's free balance: interest first, then principal; more than owed repays all. */
export const marginRepay = jsonCommand<LoanCommand, { account: MarginAcct; interest: bigint; principal: bigint }>(
  'margin.repay',
  (ctx, r) => {
    const book = marginOf(ctx);
    assetOf(book, r, r.asset);
    const a = existing(book, r, () => fail('marginNothingOwed'));
    const result = repayLine(a.lines.get(r.asset) ?? EMPTY_LINE, r.amount, book.free(a, r.asset));
    if (!result.ok)
      fail(
        result.reason === 'badAmount'
          ? 'mustBePositive'
          : result.reason === 'nothingOwed'
            ? 'marginNothingOwed'
            : 'insufficientBalance',
        { field: 'trade.field.amount' },
      );
    ctx.risk.post(repayment(book, a, r.asset, result.interest + result.principal, ctx.now), {
      billType: 'margin_repay',
      refType: 'margin_account',
      refId: a.id,
    });
    changed(ctx, r.userId);
    return { account: a, interest: result.interest, principal: result.principal };
  },
);

/** An isolated pair's leverage, changed only while the account owes nothing. */
export const marginLeverage = tupleCommand<{ userId: number; symbol: string; leverage: number }, MarginAcct>(
  'margin.leverage',
  ['userId', 'symbol', 'leverage'],
  (ctx, r) => {
    const book = marginOf(ctx);
    book.marginMarket(r.symbol);
    const found = book.find(r.userId, r.symbol);
    if (found && book.indexed(found)) fail('marginLeverageLocked');
    const a = found ?? book.open(r.userId, r.symbol, ctx.now);
    a.leverage = BigInt(r.leverage);
    book.touch(a, ctx.now);
    changed(ctx, r.userId);
    return a;
  },
);

interface MarginPlace extends PlaceCommand {
  mode: 'cross' | 'isolated';
  autoBorrow: boolean;
  autoRepay: boolean;
}

/**
 * A margin order on the spot book. With `autoBorrow`, what the order must hold beyond the account's free balance
 * is borrowed first (within the max borrowable: a refusal names it and changes nothing).
 */
export const marginPlace = jsonCommand<MarginPlace, OrderRow>('margin.place', (ctx, r) => {
  const book = marginOf(ctx);
  const m = book.marginMarket(r.symbol);
  book.spot.engine(m.symbol);
  const a = existing(book, { userId: r.userId, symbol: r.mode === 'cross' ? null : r.symbol }, () =>
    fail('insufficientBalance'),
  );
  refuseInLiquidation(book, a);
  const h = holdOf(m, r);
  const short = h.amount - book.free(a, h.asset);
  let borrowed = 0n;
  if (short > 0n) {
    if (!r.autoBorrow) fail('insufficientBalance');
    borrowInto(book, ctx.risk, a, h.asset, short, ctx.now);
    borrowed = short;
  }
  changed(ctx, r.userId);
  return place(ctx, r, { account: r.mode, autoRepay: r.autoRepay, borrowed });
});

export const MARGIN_ACCOUNT_COMMANDS = [marginTransfer, marginBorrow, marginRepay, marginLeverage, marginPlace];
