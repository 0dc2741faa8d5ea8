import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SwapQuote } from '../../isomorphic/contract/wallet.ts';
import { formatUnits } from '../../isomorphic/money/units.ts';
import { fail } from '../outcome.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import type { TradingCore } from '../core/core.ts';
import { postFunds, type FundsPost } from '../core/funds.ts';
import type { Db } from '../storage/db.ts';
import { uniqueViolation } from '../storage/unique.ts';
import type { UserRow } from '../user/user.repo.ts';
import { installSecret } from './install-secret.ts';
import { amountOf, money, requireAsset, type UsdtPrices } from './amounts.ts';
import { deskLimit, insertSwap } from './swap.repo.ts';

/** The swap fee (0.2%), charged on what the user receives, rounded up. */
const SWAP_FEE_BPS = 20n;
/** How long a quote may be executed. */
const QUOTE_TTL_MS = 30_000;
/** The most a quote's timestamp may lie ahead of the server's clock (clock skew between processes). */
const FUTURE_SKEW_MS = 1000;

interface Prices {
  from: bigint;
  to: bigint;
}

function pricesOf(usdt: UsdtPrices, from: string, to: string): Prices {
  const a = usdt(from);
  const b = usdt(to);
  if (a === null || b === null) fail('noPrice');
  return { from: a, to: b };
}

/** gross = amount × from / to (down); the fee comes off it (up). */
function outcome(amount: bigint, p: Prices) {
  const gross = (amount * p.from) / p.to;
  const fee = (gross * SWAP_FEE_BPS + 9_999n) / 10_000n;
  return { gross, fee, receive: gross - fee };
}

/** Units of `to` per unit of `from`, at 12 decimals: the rate the user gets before the fee. */
const rateOf = (p: Prices) => (p.from * 10n ** 12n) / p.to;

const sign = (secret: Buffer, payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

/** What a quote token carries: `q2.<id>.<user>.<from>.<to>.<fromPrice>.<toPrice>.<time>.<mac>`. */
interface QuoteToken {
  id: string;
  userId: number;
  from: string;
  to: string;
  prices: Prices;
  time: number;
}

async function readToken(db: Db, token: string): Promise<QuoteToken> {
  const parts = token.split('.');
  if (parts.length !== 9 || parts[0] !== 'q2') fail('quoteExpired');
  const [, id, user, from, to, pf, pt, ts, mac] = parts as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const expected = Buffer.from(sign(await installSecret(db, 'wallet.quote-secret'), parts.slice(0, 8).join('.')));
  if (expected.length !== Buffer.from(mac).length || !timingSafeEqual(expected, Buffer.from(mac))) fail('quoteExpired');
  return { id, userId: Number(user), from, to, prices: { from: BigInt(pf), to: BigInt(pt) }, time: Number(ts) };
}

/**
 * A quote from the index prices (coin → USDT → coin for two non-USDT coins), never from the last trade. The
 * token binds its id, the user, both prices and the time with an HMAC; only a signed-in user's quote can be
 * executed, by that user, once.
 */
export async function quote(
  db: Db,
  usdt: UsdtPrices,
  user: UserRow | null,
  from: string,
  to: string,
  amount?: string,
): Promise<SwapQuote> {
  if (from === to) fail('sameCoin');
  await requireAsset(db, from);
  await requireAsset(db, to);
  const p = pricesOf(usdt, from, to);
  const now = Date.now();
  const payload = ['q2', randomBytes(12).toString('base64url'), user?.id ?? 0, from, to, p.from, p.to, now].join('.');
  const token = `${payload}.${sign(await installSecret(db, 'wallet.quote-secret'), payload)}`;
  const o = amount ? outcome(amountOf(amount), p) : null;
  return {
    from,
    to,
    price: formatUnits(rateOf(p) / 10n ** 4n, 8),
    feeRate: '0.002',
    amount: amount ? money(amountOf(amount)) : null,
    receive: o ? money(o.receive) : null,
    fee: o ? money(o.fee) : null,
    quote: token,
    expiresAt: now + QUOTE_TTL_MS,
  };
}

/**
 * Executes a swap against its quote. The quote must be this user's, unused, at most 30 s old and not dated
 * ahead of the clock. It executes at the quoted rate or the live index rate, whichever gives the user less:
 * a quote is never a free option on the market, and is refused when the live rate is worse than the quote by
 * more than the caller's tolerance. The user trades with the swap desk (account type 103): the desk pays out
 * only what it holds, and at most its per-asset limit in one swap; it is never topped up on the fly.
 */
export async function execute(
  db: Db,
  core: TradingCore,
  usdt: UsdtPrices,
  user: UserRow,
  body: { from: string; to: string; amount: string; quote: string; slippageBps: number },
) {
  const units = amountOf(body.amount);
  const q = await readToken(db, body.quote);
  if (q.userId !== user.id || q.from !== body.from || q.to !== body.to) fail('quoteExpired');
  const now = Date.now();
  if (now - q.time > QUOTE_TTL_MS || q.time > now + FUTURE_SKEW_MS) fail('quoteExpired');
  const live = pricesOf(usdt, q.from, q.to);
  const quotedRate = rateOf(q.prices);
  const liveRate = rateOf(live);
  if (liveRate < quotedRate && (quotedRate - liveRate) * 10_000n > quotedRate * BigInt(body.slippageBps))
    fail('priceMoved');
  const at = liveRate < quotedRate ? live : q.prices;
  const o = outcome(units, at);
  if (o.receive <= 0n) fail('amountTooSmall', { min: body.amount });
  const limit = await deskLimit(db, q.to);
  if (o.gross > limit) fail('swapAboveLimit', { max: money(limit), coin: q.to });
  try {
    let id = 0;
    await core.submitPrepared(postFunds, async (tx): Promise<FundsPost> => {
      id = await insertSwap(tx, {
        userId: user.id,
        from: q.from,
        to: q.to,
        amount: units,
        received: o.receive,
        fee: o.fee,
        fromPrice: at.from,
        toPrice: at.to,
        quoteId: q.id,
        at: now,
      });
      // Read while the core decides nothing else (Prepare): the desk cannot pay out more than it holds.
      if (core.risk.available(null, ACCOUNT.swapPool, q.to) < o.gross) fail('swapInventoryShort', { coin: q.to });
      return {
        lines: [
          { owner: user.id, type: ACCOUNT.spot, asset: q.from, available: -units },
          { owner: null, type: ACCOUNT.swapPool, asset: q.from, available: units },
          { owner: null, type: ACCOUNT.swapPool, asset: q.to, available: -o.gross },
          { owner: user.id, type: ACCOUNT.spot, asset: q.to, available: o.receive },
          { owner: null, type: ACCOUNT.feeIncome, asset: q.to, available: o.fee, billType: 'swap_fee' },
        ],
        meta: { billType: 'swap', refType: 'swap', refId: id },
      };
    });
    return {
      id,
      from: q.from,
      to: q.to,
      amount: money(units),
      receive: money(o.receive),
      fee: money(o.fee),
      time: now,
    };
  } catch (err) {
    if (uniqueViolation(err) === 'quote_id') fail('quoteUsed');
    throw err;
  }
}
