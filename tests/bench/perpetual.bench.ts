/**
 * Perpetual futures' hot paths (server/perpetual), each beside its floor in the same run:
 * - the risk check per order: the account's available margin over its cross positions (BTCUSDT and ETHUSDT) and
 *   the initial-margin and bracket check of the order, against a bare Map lookup and bigint compare;
 * - a mark tick on a contract with 100,000 open positions of 1,000 users: every position it reaches, found
 *   through the liquidation index (goal under 50 ms) and by scanning every position's margin (exchange-core's way);
 * - a funding settlement of 100,000 positions (goal under 1 s), against a bare loop multiplying each quantity by
 *   mark and rate.
 */
import { CONTRACTS } from '../../server/perpetual/contracts.ts';
import { crossAvailable, type Holding } from '../../server/perpetual/cross-margin.ts';
import { settleFunding } from '../../server/perpetual/funding.ts';
import { LiquidationIndex } from '../../server/perpetual/liquidation-index.ts';
import { liquidatableAt, liquidationPrice } from '../../server/perpetual/liquidation-price.ts';
import { checkOrder } from '../../server/perpetual/order-risk.ts';
import { applyFill, FLAT, notional, type Position } from '../../server/perpetual/position-math.ts';

const ORDERS = 1_000_000;
const POSITIONS = Number(process.env.POSITIONS ?? 100_000);
const USERS = 1_000;
const USDT = 10n ** 8n;
const BTCUSDT = CONTRACTS.btcusdt_perp!;
const ETHUSDT = CONTRACTS.ethusdt_perp!;
const ms = (t0: number) => performance.now() - t0;
const median = (runs: number[]) => runs.sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
const goal = (took: number, limit: number) => (took < limit ? `under the ${limit} ms goal` : `OVER the ${limit} ms goal`);

/** A deterministic stream of numbers in [0, 1), so every run measures the same positions. */
let seed = 42;
const random = () => ((seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0) / 2 ** 32);

// --- Risk check per order --------------------------------------------------------------------------------------
const holdings: Holding[] = [
  { contract: BTCUSDT, position: applyFill(BTCUSDT, FLAT, 2_000n, 600_000n).position, mark: 601_000n, leverage: 20n },
  { contract: ETHUSDT, position: applyFill(ETHUSDT, FLAT, -30_000n, 300_000n).position, mark: 299_000n, leverage: 20n },
];
const wallet = 50_000n * USDT;
const orderPrices = Array.from({ length: 1_000 }, (_, i) => 600_000n + BigInt(i % 200) - 100n);
const riskRun = () => {
  let passed = 0;
  const t0 = performance.now();
  for (let i = 0; i < ORDERS; i++) {
    const available = crossAvailable(wallet, holdings, 1_000n * USDT);
    const check = checkOrder({ contract: BTCUSDT, leverage: 20n, position: holdings[0]!.position, pending: 0n, mark: 601_000n, available }, { qty: i % 2 ? 100n : -100n, price: orderPrices[i % 1_000]! });
    if (check.ok) passed++;
  }
  if (passed !== ORDERS) throw new Error('the risk check refused an order it should pass');
  return (ms(t0) * 1e6) / ORDERS;
};
const balances = new Map(Array.from({ length: USERS }, (_, u) => [`${u}:contract:USDT`, { available: wallet }]));
const keys = [...balances.keys()];
const floorRun = () => {
  let ok = 0;
  const t0 = performance.now();
  for (let i = 0; i < ORDERS; i++) if (balances.get(keys[i % keys.length]!)!.available >= 3_000n * USDT) ok++;
  if (ok !== ORDERS) throw new Error('floor check failed');
  return (ms(t0) * 1e6) / ORDERS;
};
riskRun();
floorRun();
const riskNs = median([riskRun(), riskRun(), riskRun()]);
const floorNs = median([floorRun(), floorRun(), floorRun()]);
console.log(`risk check per order (available margin over 2 cross positions + initial-margin and bracket check, median of 3): ${riskNs.toFixed(0)} ns; floor (Map lookup + compare) ${floorNs.toFixed(0)} ns; ${(riskNs / floorNs).toFixed(1)}× the floor`);

// --- Mark tick to every liquidation ----------------------------------------------------------------------------
interface Open {
  position: Position;
  backing: bigint;
}
const book: Open[] = [];
const index = new LiquidationIndex();
const tb = performance.now();
let qty = 0n;
for (let id = 0; id < POSITIONS; id++) {
  // Position `id` belongs to user id % 1,000: 0.001–2 BTC entered around 60,000 at 2–100x, isolated. Every odd
  // position is the other side of the one before (as open interest is), at its own entry and leverage. The book
  // is healthy at the mark of 60,000 (what the last tick would have left): a draw liquidatable there is drawn again.
  const long = id % 2 === 0;
  if (long) qty = BigInt(1 + Math.floor(random() * 2_000));
  for (;;) {
    const entry = 600_000n + BigInt(Math.floor(random() * 20_000)) - 10_000n;
    const position = applyFill(BTCUSDT, FLAT, long ? qty : -qty, entry).position;
    const backing = notional(BTCUSDT, qty, entry) / BigInt(2 + Math.floor(random() * 99));
    if (liquidatableAt(BTCUSDT, position, backing, 600_000n)) continue;
    book.push({ position, backing });
    index.set(id, long ? 'long' : 'short', liquidationPrice(BTCUSDT, position, backing));
    break;
  }
}
const buildMs = ms(tb);
// From the book at 60,000, ticks of 0.05%, 0.2% and 1% either way, and a 3% fall.
const ticks = [600_300n, 599_700n, 601_200n, 598_800n, 606_000n, 594_000n, 582_000n];
const indexRuns: number[] = [];
const scanRuns: number[] = [];
const counts: number[] = [];
for (const mark of ticks) index.reached(mark);
for (const mark of ticks) {
  const ti = performance.now();
  const reached = index.reached(mark);
  indexRuns.push(ms(ti));
  const ts = performance.now();
  const scanned: number[] = [];
  for (let id = 0; id < book.length; id++) if (liquidatableAt(BTCUSDT, book[id]!.position, book[id]!.backing, mark)) scanned.push(id);
  scanRuns.push(ms(ts));
  if (reached.length !== scanned.length || reached.sort((a, b) => a - b).some((id, i) => id !== scanned[i])) throw new Error(`index and scan disagree at ${mark}`);
  counts.push(reached.length);
}
const indexMs = Math.max(...indexRuns);
const scanMs = median(scanRuns);
console.log(`mark tick to every liquidation, ${POSITIONS.toLocaleString('en')} positions of ${USERS.toLocaleString('en')} users, ${ticks.length} ticks of ±0.05% to −3%: index ${indexMs.toFixed(2)} ms at worst (${goal(indexMs, 50)}); full scan ${scanMs.toFixed(0)} ms (median)`);
ticks.forEach((mark, i) => console.log(`  tick to ${Number(mark) / 10}: ${counts[i]!.toLocaleString('en')} reached; index ${indexRuns[i]!.toFixed(3)} ms, scan ${scanRuns[i]!.toFixed(1)} ms`));
console.log(`  building the index (a liquidation price per position, then insert): ${buildMs.toFixed(0)} ms, ${((buildMs * 1000) / POSITIONS).toFixed(1)} µs per position`);

// --- Funding settlement ----------------------------------------------------------------------------------------
const quantities = book.map((o) => o.position.qty);
const rate = 12_345n; // 0.012345%
const fundingRun = () => {
  const t0 = performance.now();
  const { remainder } = settleFunding(BTCUSDT, quantities, 601_000n, rate);
  if (remainder < 0n) throw new Error('funding paid out more than it took in');
  return ms(t0);
};
const bareRun = () => {
  let sum = 0n;
  const t0 = performance.now();
  for (const q of quantities) sum += (q * 601_000n * 10_000n * rate) / 100_000_000n;
  if (sum === -1n) throw new Error('unreachable');
  return ms(t0);
};
fundingRun();
bareRun();
const fundingMs = median([fundingRun(), fundingRun(), fundingRun()]);
const bareMs = median([bareRun(), bareRun(), bareRun()]);
console.log(`funding settlement of ${POSITIONS.toLocaleString('en')} positions (median of 3): ${fundingMs.toFixed(1)} ms (${goal(fundingMs, 1_000)}); bare loop (quantity × mark × rate) ${bareMs.toFixed(1)} ms; ${(fundingMs / bareMs).toFixed(1)}× the floor`);
