/**
 * Spot margin's hot paths (server/margin), each beside its floor in the same run:
 * - a price tick on BTC with 100,000 margin accounts (cross over USDT, BTC and ETH; isolated BTC/USDT and
 *   ETH/USDT): every account it brings to the liquidation level (1.1), found through the level index (then each
 *   reached account checked in full and either counted or given new triggers; goal under 50 ms) and by
 *   recomputing every account's margin level (the full scan);
 * - the hourly interest over 100,000 loans (goal under 1 s), against a bare loop multiplying each principal by
 *   its rate;
 * - both again through the trading core's margin part (its `margin.tick` and `margin.interest` commands).
 */
import { DAILY_RATES, HOUR_MS, interestDue, type Loan } from '../../server/margin/interest.ts';
import { LevelIndex, levelTriggers } from '../../server/margin/level-index.ts';
import {
  atOrBelow,
  LIQUIDATION_LEVEL,
  valuation,
  type Line,
  type MarginAccount,
} from '../../server/margin/margin-account.ts';
import type { CommandContext } from '../../server/core/command.ts';
import { RiskEngine } from '../../server/core/risk/risk-engine.ts';
import type { Market } from '../../server/spot/market.ts';
import { SpotMarkets } from '../../server/spot/markets.ts';
import { SpotBooks } from '../../server/spot/spot-books.ts';
import { accountKey } from '../../server/ledger/account-types.ts';
import { MarginBook } from '../../server/margin/margin-book.ts';
import { marginInterest, marginTick } from '../../server/margin/margin-ticks.ts';

const ACCOUNTS = Number(process.env.ACCOUNTS ?? 100_000);
const U = 10n ** 8n;
const ms = (t0: number) => performance.now() - t0;
const median = (runs: number[]) => runs.sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
const goal = (took: number, limit: number) =>
  took < limit ? `under the ${limit} ms goal` : `OVER the ${limit} ms goal`;

/** A deterministic stream of numbers in [0, 1), so every run measures the same accounts. */
let seed = 42;
const random = () => (seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0) / 2 ** 32;
const units = (max: number) => BigInt(Math.floor(random() * max));
const line = (balance: bigint, principal = 0n, interest = 0n): Line => ({ balance, principal, interest });

const prices: Record<string, bigint> = { USDT: U, BTC: 60_000n * U, ETH: 3_000n * U };
const priceOf = (asset: string) => prices[asset]!;

// --- Price tick to every liquidation ---------------------------------------------------------------------------
// Accounts as margin traders hold them: a long (USDT borrowed, coin bought) or a short (coin borrowed and sold for
// USDT), at 1.2x to the leverage's limit, some with both coins (cross). Draws liquidatable at the start are drawn
// again: the book is what the last tick would have left.
function drawAccount(): MarginAccount {
  for (;;) {
    const kind = random();
    const equity = 100n * U + units(50_000) * U;
    const lev = 1.2 + random() * 1.7;
    const borrowed = (equity * BigInt(Math.floor((lev - 1) * 1_000))) / 1_000n;
    const coin = random() < 0.6 ? 'BTC' : 'ETH';
    const interest = borrowed / 5_000n;
    let a: MarginAccount;
    if (kind < 0.35) {
      // Cross long: equity and borrowed USDT spent on the coin.
      a = {
        mode: 'cross',
        lines: { [coin]: line(((equity + borrowed) * U) / prices[coin]!), USDT: line(0n, borrowed, interest) },
      };
    } else if (kind < 0.6) {
      // Cross short: the coin borrowed and sold, USDT held.
      const qty = (borrowed * U) / prices[coin]!;
      a = { mode: 'cross', lines: { USDT: line(equity + borrowed), [coin]: line(0n, qty, qty / 5_000n) } };
    } else if (kind < 0.75) {
      // Cross over both coins: long BTC against borrowed USDT, short ETH.
      const half = borrowed / 2n;
      a = {
        mode: 'cross',
        lines: {
          BTC: line(((equity + half) * U) / prices.BTC!),
          USDT: line(half, half, interest / 2n),
          ETH: line(0n, (half * U) / prices.ETH!),
        },
      };
    } else {
      // Isolated long or short on the coin's pair, up to 10x.
      const isoBorrowed = (equity * BigInt(Math.floor(random() * 8_000))) / 1_000n;
      const long = random() < 0.5;
      const lines = long
        ? {
            [coin]: line(((equity + isoBorrowed) * U) / prices[coin]!),
            USDT: line(0n, isoBorrowed, isoBorrowed / 5_000n),
          }
        : { USDT: line(equity + isoBorrowed), [coin]: line(0n, (isoBorrowed * U) / prices[coin]!) };
      a = { mode: 'isolated', base: coin, quote: 'USDT', lines };
    }
    if (!atOrBelow(valuation(a, priceOf), LIQUIDATION_LEVEL)) return a;
  }
}

const accounts = Array.from({ length: ACCOUNTS }, drawAccount);
const live = new Set<number>(accounts.keys());
const index = new LevelIndex();
const tb = performance.now();
accounts.forEach((a, id) => index.set(id, levelTriggers(a, priceOf)));
const buildMs = ms(tb);

/** The index's way: the accounts the tick reached, each checked in full; the rest untouched. */
function tickByIndex(asset: string): number[] {
  const out: number[] = [];
  for (const id of new Set(index.reached(asset, prices[asset]!))) {
    const a = accounts[id]!;
    if (atOrBelow(valuation(a, priceOf), LIQUIDATION_LEVEL)) out.push(id);
    else index.set(id, levelTriggers(a, priceOf));
  }
  return out;
}

/** The full scan: every live account's margin level recomputed. */
function tickByScan(): number[] {
  const out: number[] = [];
  for (const id of live) if (atOrBelow(valuation(accounts[id]!, priceOf), LIQUIDATION_LEVEL)) out.push(id);
  return out;
}

// From BTC at 60,000: ticks of 0.05%, 0.2% and 1% either way, then 3% and 5% falls (each from the last price).
const moves = [5n, -5n, 20n, -20n, 100n, -100n, -300n, -500n];
for (let i = 0; i < 3; i++) tickByScan();
const indexRuns: number[] = [];
const scanRuns: number[] = [];
const counts: number[] = [];
const checked: number[] = [];
for (const move of moves) {
  prices.BTC = prices.BTC! + (prices.BTC! * move) / 10_000n;
  const reachedCount = new Set(index.reached('BTC', prices.BTC!)).size;
  const ti = performance.now();
  const found = tickByIndex('BTC');
  indexRuns.push(ms(ti));
  const ts = performance.now();
  const scanned = tickByScan();
  scanRuns.push(ms(ts));
  found.sort((a, b) => a - b);
  scanned.sort((a, b) => a - b);
  if (found.length !== scanned.length || found.some((id, i) => id !== scanned[i]))
    throw new Error(`index and scan disagree at BTC ${prices.BTC}`);
  for (const id of found) {
    index.delete(id);
    live.delete(id);
  }
  counts.push(found.length);
  checked.push(reachedCount);
}
const indexMs = Math.max(...indexRuns);
const scanMs = median([...scanRuns]);
console.log(
  `price tick to every liquidation, ${ACCOUNTS.toLocaleString('en')} margin accounts, ${moves.length} BTC ticks of ±0.05% to −5%: index ${indexMs.toFixed(2)} ms at worst (${goal(indexMs, 50)}); recomputing every margin level ${scanMs.toFixed(1)} ms (median, ${goal(scanMs, 50)}); the scan takes ${(scanMs / Math.max(median([...indexRuns]), 0.001)).toFixed(0)}× the index's median`,
);
let p = 60_000n * U;
moves.forEach((move, i) => {
  p += (p * move) / 10_000n;
  console.log(
    `  BTC to ${(Number(p / 1_000_000n) / 100).toFixed(2)}: ${checked[i]!.toLocaleString('en')} reached and checked, ${counts[i]!.toLocaleString('en')} to liquidate; index ${indexRuns[i]!.toFixed(3)} ms, scan ${scanRuns[i]!.toFixed(1)} ms`,
  );
});
console.log(
  `  building the index (triggers per account, then insert): ${buildMs.toFixed(0)} ms, ${((buildMs * 1000) / ACCOUNTS).toFixed(1)} µs per account; ${index.watchedCount} watched on every tick`,
);

// --- Hourly interest -------------------------------------------------------------------------------------------
const T0 = Date.UTC(2026, 0, 1);
const assets = Object.keys(DAILY_RATES);
const loans: Array<{ asset: string; loan: Loan }> = Array.from({ length: ACCOUNTS }, () => {
  const startedAt = T0 + Math.floor(random() * 48 * HOUR_MS);
  return {
    asset: assets[Math.floor(random() * assets.length)]!,
    loan: { principal: 1n + units(1_000_000) * U, startedAt, hoursCharged: 1 + Math.floor(random() * 2) },
  };
});
const now = T0 + 50 * HOUR_MS;
const interestRun = () => {
  let total = 0n;
  let hours = 0;
  const t0 = performance.now();
  for (const { asset, loan } of loans) {
    const due = interestDue(loan, DAILY_RATES[asset]!, now);
    total += due.interest;
    hours += due.hours;
  }
  if (total <= 0n || hours === 0) throw new Error('no interest charged');
  return ms(t0);
};
const bareRun = () => {
  let total = 0n;
  const t0 = performance.now();
  for (const { asset, loan } of loans) total += (loan.principal * DAILY_RATES[asset]!) / 2_400_000_000n;
  if (total <= 0n) throw new Error('unreachable');
  return ms(t0);
};
interestRun();
bareRun();
const interestMs = median([interestRun(), interestRun(), interestRun()]);
const bareMs = median([bareRun(), bareRun(), bareRun()]);
console.log(
  `hourly interest over ${ACCOUNTS.toLocaleString('en')} loans, hours due and amounts (median of 3): ${interestMs.toFixed(1)} ms (${goal(interestMs, 1_000)}); bare loop (principal × rate) ${bareMs.toFixed(1)} ms; ${(interestMs / bareMs).toFixed(1)}× the floor`,
);

// --- The same two through the trading core's margin part ------------------------------------------------------
// The product's own commands on a margin part holding the same 100,000 accounts (their ledger balances and loans
// in the risk engine and the part), decided as the core decides them (the journal append aside): a BTC tick
// (`margin.tick`: dirty accounts, reached triggers, full checks, liquidations against an empty book) and the
// hourly interest (`margin.interest` over one loan per debt line).
const market = (base: string, priceScale: number, qtyScale: number): Market => ({
  symbol: `${base.toLowerCase()}usdt`,
  market: 'spot',
  coinType: 1,
  base,
  quote: 'USDT',
  priceScale,
  qtyScale,
  tick: 1n,
  lot: 1n,
  minQty: 1n,
  minNotional: 5n * U,
  makerFeeBps: 10n,
  takerFeeBps: 10n,
  refPrice: '0',
  priceBandBps: 500n,
  plate: 'main',
  sort: 0,
  status: 'active',
});
const markets = new SpotMarkets([market('BTC', 2, 5), market('ETH', 2, 4)]);
const risk = new RiskEngine();
const spot = new SpotBooks(markets);
const part = new MarginBook();
part.attach(risk, <T>(name: string) => (name === 'spot' ? spot : part) as T);
spot.restore({ nextOrderId: 1, nextTradeId: 1, orders: [] });
// Drawn at the starting prices again (the ticks above moved BTC), so none starts liquidatable.
prices.BTC = 60_000n * U;
const coreAccounts = Array.from({ length: ACCOUNTS }, drawAccount);
const C0 = T0 + 50 * HOUR_MS;
coreAccounts.forEach((a, i) => {
  const acct = part.open(i + 1, a.mode === 'cross' ? null : `${a.base.toLowerCase()}usdt`, C0);
  for (const [asset, l] of Object.entries(a.lines)) {
    acct.lines.set(asset, { ...l });
    const b = risk.balance(acct.userId, part.typeOf(acct), asset);
    risk.balances.set(accountKey(acct.userId, part.typeOf(acct), asset), {
      available: b.available + l.balance,
      held: 0n,
    });
    if (l.principal) part.addLoan(acct, asset, l.principal, C0 - Math.floor(random() * 3 * HOUR_MS), 0n);
  }
});
part.takeRows();
const coreCtx = (now: number): CommandContext => {
  risk.now = now;
  return { now, risk, part: <T>(name: string) => (name === 'spot' ? spot : part) as T, emit: () => undefined };
};
const priceList = (): Array<[string, bigint]> => [
  ['BTC', prices8.BTC!],
  ['ETH', prices8.ETH!],
];
const prices8: Record<string, bigint> = { BTC: 60_000n * U, ETH: 3_000n * U };
const tf = performance.now();
marginTick.apply(coreCtx(C0), { prices: priceList() });
const firstTickMs = ms(tf);
const coreRuns: Array<[string, number, number]> = [];
for (const move of moves) {
  prices8.BTC = prices8.BTC! + (prices8.BTC! * move) / 10_000n;
  const t0 = performance.now();
  const n = marginTick.apply(coreCtx(C0 + 1_000), { prices: priceList() });
  coreRuns.push([`${move > 0n ? '+' : ''}${Number(move) / 100}%`, n, ms(t0)]);
  part.takeRows();
  risk.takeFacts();
}
const worstTick = Math.max(...coreRuns.map(([, , t]) => t));
console.log(
  `margin.tick through the core's margin part, ${ACCOUNTS.toLocaleString('en')} accounts: ${worstTick.toFixed(1)} ms at worst (${goal(worstTick, 50)}); the first tick after a start checks every account: ${firstTickMs.toFixed(0)} ms`,
);
for (const [move, n, t] of coreRuns)
  console.log(`  BTC ${move}: ${n.toLocaleString('en')} accounts checked in full, ${t.toFixed(2)} ms`);
const loanCount = [...part.loans.values()].reduce((s, l) => s + l.length, 0);
const ti = performance.now();
const hoursCharged = marginInterest.apply(coreCtx(C0 + HOUR_MS + 1), {});
const coreInterestMs = ms(ti);
console.log(
  `margin.interest through the core's margin part, ${loanCount.toLocaleString('en')} loans: ${coreInterestMs.toFixed(0)} ms for ${hoursCharged.toLocaleString('en')} loan-hours with their records (${goal(coreInterestMs, 1_000)})`,
);
