import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SwapQuote } from '../../src/lib/contract/wallet.ts';
import { formatUnits } from '../../src/lib/money/units.ts';
import type { Exchange } from '../exchange/exchange.ts';
import { fail } from '../http/errors.ts';
import { ACCOUNT } from '../ledger/account-types.ts';
import { balanceOf, post } from '../ledger/ledger.ts';
import type { Db } from '../storage/db.ts';
import type { UserRow } from '../user/user.repo.ts';
import { installSecret } from './addresses.ts';
import { amountOf, money, requireAsset, usdtPrice } from './amounts.ts';

/** The swap fee (0.2%), charged on what the user receives, rounded up. */
export const SWAP_FEE_BPS = 20n;
/** How long a quote may be executed. */
export const QUOTE_TTL_MS = 30_000;

interface Prices {
  from: bigint;
  to: bigint;
}

function pricesOf(exchange: Exchange, from: string, to: string): Prices {
  const a = usdtPrice(exchange, from);
  const b = usdtPrice(exchange, to);
  if (a === null || b === null) fail('noPrice');
  return { from: a, to: b };
}

/** gross = amount × from / to (down); the fee comes off it (up). */
function outcome(amount: bigint, p: Prices) {
  const gross = (amount * p.from) / p.to;
  const fee = (gross * SWAP_FEE_BPS + 9_999n) / 10_000n;
  return { gross, fee, receive: gross - fee };
}

const sign = (secret: Buffer, payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

/**
 * A quote from the live market (the coins' USDT markets; coin → USDT → coin for two non-USDT coins). The quote
 * token binds the prices and time with an HMAC, so currencyExchange executes at exactly what was shown.
 */
export async function quote(db: Db, exchange: Exchange, from: string, to: string, amount?: string): Promise<SwapQuote> {
  if (from === to) fail('sameCoin');
  await requireAsset(db, from);
  await requireAsset(db, to);
  const p = pricesOf(exchange, from, to);
  const now = Date.now();
  const payload = `${from}.${to}.${p.from}.${p.to}.${now}`;
  const token = `${payload}.${sign(await installSecret(db, 'wallet.quote-secret'), payload)}`;
  const o = amount ? outcome(amountOf(amount), p) : null;
  return {
    from, to, price: formatUnits((p.from * 10n ** 8n) / p.to, 8), feeRate: '0.002', amount: amount ? money(amountOf(amount)) : null,
    receive: o ? money(o.receive) : null, fee: o ? money(o.fee) : null, quote: token, expiresAt: now + QUOTE_TTL_MS,
  };
}

/**
 * Executes a swap at its quote, or refuses when the quote is older than 30 s or the market has since moved
 * against it by more than the caller's tolerance. The user pays the swap pool (account type 103) in one coin and
 * is paid from it in the other; a pool short of the coin is first topped up from the external account (bill
 * swap_funding), the same way the market makers are funded. The fee goes to fee income.
 */
export async function execute(db: Db, exchange: Exchange, user: UserRow, body: { from: string; to: string; amount: string; quote: string; slippageBps: number }) {
  const units = amountOf(body.amount);
  const parts = body.quote.split('.');
  if (parts.length !== 6) fail('quoteExpired');
  const [from, to, pf, pt, ts, mac] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(sign(await installSecret(db, 'wallet.quote-secret'), parts.slice(0, 5).join('.')));
  if (from !== body.from || to !== body.to || expected.length !== Buffer.from(mac).length || !timingSafeEqual(expected, Buffer.from(mac))) fail('quoteExpired');
  if (Date.now() - Number(ts) > QUOTE_TTL_MS || Number(ts) > Date.now() + 1000) fail('quoteExpired');
  const quoted: Prices = { from: BigInt(pf), to: BigInt(pt) };
  const live = pricesOf(exchange, from, to);
  // The rate in `to` per `from`: refused when the live one is worse for the user than the quote by more than the tolerance.
  const quotedRate = (quoted.from * 10n ** 12n) / quoted.to;
  const liveRate = (live.from * 10n ** 12n) / live.to;
  if (liveRate < quotedRate && (quotedRate - liveRate) * 10_000n > quotedRate * BigInt(body.slippageBps)) fail('priceMoved');
  const o = outcome(units, quoted);
  if (o.receive <= 0n) fail('amountTooSmall', { min: body.amount });
  return db.tx(async (q) => {
    const now = Date.now();
    const row = await q.get<{ id: bigint }>(
      'INSERT INTO swaps (user_id, from_coin, to_coin, amount, received, fee, from_price, to_price, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id',
      [user.id, from, to, units, o.receive, o.fee, quoted.from, quoted.to, now],
    );
    const id = Number(row!.id);
    const pool = await balanceOf(q, null, ACCOUNT.swapPool, to);
    if (pool.available < o.gross) {
      const topUp = o.gross - pool.available;
      await post(q, [
        { owner: null, type: ACCOUNT.external, asset: to, available: -topUp },
        { owner: null, type: ACCOUNT.swapPool, asset: to, available: topUp },
      ], { billType: 'swap_funding', refType: 'swap', refId: id });
    }
    await post(q, [
      { owner: user.id, type: ACCOUNT.spot, asset: from, available: -units },
      { owner: null, type: ACCOUNT.swapPool, asset: from, available: units },
      { owner: null, type: ACCOUNT.swapPool, asset: to, available: -o.gross },
      { owner: user.id, type: ACCOUNT.spot, asset: to, available: o.receive },
      { owner: null, type: ACCOUNT.feeIncome, asset: to, available: o.fee, billType: 'swap_fee' },
    ], { billType: 'swap', refType: 'swap', refId: id });
    return { id, from, to, amount: money(units), receive: money(o.receive), fee: money(o.fee), time: now };
  });
}
