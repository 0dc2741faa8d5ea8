/**
 * Perpetual triggers at scale (issue 31): TRIGGERS (100,000) resting on one contract, three fifths trailing stops
 * (sells trailing longs, ten callback rates, activated, their best just above the mark) and two fifths take-profit
 * and stop-loss orders, on 20,000 long positions. Then two `perp.mark` ticks through the perpetual part's command:
 * one that reaches none, and one that reaches CROSSED (about 1,000), timed from the tick to every reached trigger
 * placed as its reduce-only market close (filled against a market maker's bids, with its fees, records and the end
 * of the command). Beside each, in the same run, the floor: the scan every move paid before the indexes (every
 * take-profit and stop-loss of the book checked against the price, then every trailing stop of the contract followed
 * along it: scanTrailing, the rule the index is tested against), the cost of finding, before anything is placed.
 */
import type { CommandContext } from '../../server/core/command.ts';
import { RiskEngine } from '../../server/core/risk/risk-engine.ts';
import { ACCOUNT } from '../../server/ledger/account-types.ts';
import { CONTRACTS } from '../../server/perpetual/contracts.ts';
import { EIGHT_HOURS } from '../../server/perpetual/funding.ts';
import { PerpBook } from '../../server/perpetual/perp-book.ts';
import { finish, place } from '../../server/perpetual/perp-orders.ts';
import { positionHoldId, type StopRow, type TrailingRow } from '../../server/perpetual/perp-state.ts';
import { markTick } from '../../server/perpetual/perp-ticks.ts';
import { stopRises } from '../../server/perpetual/stop-index.ts';
import { scanTrailing } from '../../server/perpetual/trailing.ts';

const TRIGGERS = Number(process.env.TRIGGERS ?? 100_000);
const CROSSED = Number(process.env.CROSSED ?? 1_000);
const USERS = Math.ceil(TRIGGERS / 5);
const USDT = 10n ** 8n;
const C = CONTRACTS.btcusdt_perp!;
const M0 = 600_000n; // 60,000.0 at the tick of 0.1
const ms = (t0: number) => performance.now() - t0;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
let seed = 31;
const random = () => (seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0) / 2 ** 32;

const risk = new RiskEngine();
const perp = new PerpBook([C], EIGHT_HOURS);
perp.attach(risk);
let now = Date.UTC(2026, 11, 3);
const ctx: CommandContext = {
  get now() {
    return now;
  },
  risk,
  part: <T>() => perp as unknown as T,
  emit: () => undefined,
};
const MM = 1_000_000;
const fund = (user: number, amount: bigint) =>
  risk.balances.set(`${user}:${ACCOUNT.contract}:USDT`, { available: amount, held: 0n });
fund(MM, 10n ** 12n * USDT);
risk.balances.set(`0:${ACCOUNT.insuranceFund}:USDT`, { available: 1_000_000n * USDT, held: 0n });
perp.prices(C.symbol).mark = M0;

const t0 = performance.now();
const QTY = 10n; // 0.01 BTC
for (let u = 1; u <= USERS; u++) {
  fund(u, 100_000n * USDT);
  const p = perp.positionFor(u, C.symbol, now);
  const margin = (QTY * M0 * 10n ** 4n) / 10n; // 10×, at the contract's scales (as notional / leverage)
  Object.assign(p, { qty: QTY, cost: QTY * M0, mode: 'isolated', leverage: 10, isoMargin: margin });
  risk.hold(
    positionHoldId(p.id),
    u,
    ACCOUNT.contract,
    'USDT',
    margin,
    { billType: 'perp_margin', refType: 'bench', refId: p.id },
    { guard: false },
  );
  // Three trailing sells: a rate of 0.1%–1%, a best within half the rate above the mark (so none is due at it).
  for (let k = 0; k < 3; k++) {
    const bps = 10 * (1 + Math.floor(random() * 10));
    const best = M0 + 10n + BigInt(Math.floor((random() * Number(M0) * bps) / 20_000));
    const t: TrailingRow = {
      id: perp.nextId('order'),
      userId: u,
      symbol: C.symbol,
      side: 'sell',
      quantity: QTY,
      callbackBps: bps,
      activation: null,
      by: 'mark',
      best,
      status: 'active',
      orderId: null,
      createdAt: now + k,
      updatedAt: now,
    };
    perp.trailing.add(t);
  }
  // A take-profit up to 5% above, a stop-loss up to 5% below.
  for (const kind of ['takeProfit', 'stopLoss'] as const) {
    const away = 20n + BigInt(Math.floor(random() * 30_000));
    const s: StopRow = {
      id: perp.nextId('stop'),
      userId: u,
      symbol: C.symbol,
      kind,
      trigger: kind === 'takeProfit' ? M0 + away : M0 - away,
      by: 'mark',
      positionSide: 'long',
      status: 'active',
      orderId: null,
      createdAt: now + 3,
      updatedAt: now,
    };
    perp.addStop(s);
  }
}
for (const key of perp.takeMarked()) perp.retrigger(risk, key);
// The market maker's bids, 0.1% apart, deep enough for every close.
for (let level = 1; level <= 20; level++)
  place(ctx, {
    symbol: C.symbol,
    userId: MM,
    side: 'buy',
    kind: 'limit',
    tif: 'GTC',
    price: M0 - BigInt(level) * 600n,
    quantity: 1_000n,
    reduceOnly: false,
    closePosition: false,
    source: 'user',
  });
finish(ctx);
perp.takeRows();
risk.takeFacts();
const buildMs = ms(t0);
const resting = perp.trailing.byId.size + perp.stops.size;

/** The floor: every take-profit and stop-loss, then every trailing stop (on copies) followed to this mark. */
function fullScan(mark: bigint, copies: TrailingRow[]): number {
  let n = 0;
  for (const s of perp.stops.values()) {
    if (s.symbol !== C.symbol || s.by !== 'mark') continue;
    if (stopRises(s) ? mark >= s.trigger : mark <= s.trigger) n++;
  }
  return n + scanTrailing(copies, 'mark', [mark]).due.length;
}
const scanMs = (mark: bigint) =>
  median(
    [0, 1, 2, 3, 4].map(() => {
      const copies = perp.trailing.of(C.symbol).map((t) => ({ ...t }));
      const s = performance.now();
      fullScan(mark, copies);
      return ms(s);
    }),
  );
const tick = (mark: bigint) => {
  now += 1_000;
  const s = performance.now();
  markTick.apply(ctx, { symbol: C.symbol, index: mark, mark, basisEma: 0n, premium: null });
  const took = ms(s);
  perp.takeRows();
  risk.takeFacts();
  return took;
};

// A tick that reaches none: below every best, above every fire level and stop-loss, below every take-profit.
const quiet = M0 + 5n;
const quietFound = fullScan(
  quiet,
  perp.trailing.of(C.symbol).map((t) => ({ ...t })),
);
if (quietFound !== 0) throw new Error(`the quiet tick reaches ${quietFound}`);
const quietScan = scanMs(quiet);
const quietMs = median([tick(quiet), tick(quiet + 1n), tick(quiet)]);

// A fall reaching CROSSED: the price of the CROSSED-th highest fire level (trailing stops' and stop-losses').
const levels: bigint[] = [];
for (const t of perp.trailing.of(C.symbol)) levels.push((t.best! * BigInt(10_000 - t.callbackBps)) / 10_000n);
for (const s of perp.stops.values()) if (s.kind === 'stopLoss') levels.push(s.trigger);
levels.sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
const fall = levels[CROSSED - 1]!;
const expected = fullScan(
  fall,
  perp.trailing.of(C.symbol).map((t) => ({ ...t })),
);
const crossScan = scanMs(fall);
const before = perp.trailing.byId.size + perp.stops.size;
const crossMs = tick(fall);
const ended = before - perp.trailing.byId.size - perp.stops.size;
// Each reached trigger closed its position, which ends that user's other triggers too (nothing left to reduce).
const closed = [...perp.positionsById.values()].filter((p) => p.userId <= USERS && p.qty === 0n).length;

const f = (x: number) => x.toFixed(2);
console.log(
  `${resting.toLocaleString('en')} resting triggers on ${C.symbol}, ${USERS.toLocaleString('en')} long positions; set up in ${f(buildMs / 1000)} s`,
);
console.log(
  `  a mark tick reaching none: ${f(quietMs)} ms (median of 3); the full scan's floor ${f(quietScan)} ms a move (median of 5), ×${f(quietScan / quietMs)} the tick`,
);
console.log(
  `  a mark tick reaching ${expected.toLocaleString('en')}: ${f(crossMs)} ms from the tick to all placed (${closed.toLocaleString('en')} positions closed, ${ended.toLocaleString('en')} triggers ended, ${f((crossMs * 1000) / expected)} µs a reached trigger); the full scan alone ${f(crossScan)} ms, ×${f(crossMs / crossScan)} of this`,
);
