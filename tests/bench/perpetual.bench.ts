/**
 * Perpetual futures' hot paths (server/perpetual), each beside its floor in the same run:
 * - the risk check per order: the account's available margin over its cross positions (BTCUSDT and ETHUSDT) and
 *   the initial-margin and bracket check of the order, against a bare Map lookup and bigint compare;
 * - a mark tick on a contract with 100,000 open positions of 1,000 users: every position it reaches, found
 *   through the liquidation index (goal under 50 ms) and by scanning every position's margin (exchange-core's way);
 * - a funding settlement of 100,000 positions (goal under 1 s), against a bare loop multiplying each quantity by
 *   mark and rate;
 * - then the same three through the trading core's perpetual commands (see the section's comment).
 */
import { CONTRACTS } from '../../server/perpetual/contracts.ts';
import { crossAvailable, type Holding } from '../../server/perpetual/cross-margin.ts';
import { settleFunding } from '../../server/perpetual/funding.ts';
import { LiquidationIndex } from '../../server/perpetual/liquidation-index.ts';
import { liquidatableAt, liquidationPrice } from '../../server/perpetual/liquidation-price.ts';
import { checkOrder } from '../../server/perpetual/order-risk.ts';
import { applyFill, FLAT, notional, type Position } from '../../server/perpetual/position-math.ts';
import type { CommandContext } from '../../server/core/command.ts';
import { RiskEngine } from '../../server/core/risk/risk-engine.ts';
import { ACCOUNT } from '../../server/ledger/account-types.ts';
import { EIGHT_HOURS } from '../../server/perpetual/funding.ts';
import { PerpBook } from '../../server/perpetual/perp-book.ts';
import { finish, place } from '../../server/perpetual/perp-orders.ts';
import { positionHoldId } from '../../server/perpetual/perp-state.ts';
import { fundingRun as fundingCommand, markTick } from '../../server/perpetual/perp-ticks.ts';

const ORDERS = 1_000_000;
const POSITIONS = Number(process.env.POSITIONS ?? 100_000);
const USERS = 1_000;
const USDT = 10n ** 8n;
const BTCUSDT = CONTRACTS.btcusdt_perp!;
const ETHUSDT = CONTRACTS.ethusdt_perp!;
const ms = (t0: number) => performance.now() - t0;
const median = (runs: number[]) => runs.sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
const goal = (took: number, limit: number) =>
  took < limit ? `under the ${limit} ms goal` : `OVER the ${limit} ms goal`;

/** A deterministic stream of numbers in [0, 1), so every run measures the same positions. */
let seed = 42;
const random = () => (seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0) / 2 ** 32;

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
    const check = checkOrder(
      {
        contract: BTCUSDT,
        leverage: 20n,
        position: holdings[0]!.position,
        pending: 0n,
        mark: 601_000n,
        available,
        feeBps: 0n,
      },
      { qty: i % 2 ? 100n : -100n, price: orderPrices[i % 1_000]! },
    );
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
console.log(
  `risk check per order (available margin over 2 cross positions + initial-margin and bracket check, median of 3): ${riskNs.toFixed(0)} ns; floor (Map lookup + compare) ${floorNs.toFixed(0)} ns; ${(riskNs / floorNs).toFixed(1)}× the floor`,
);

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
  for (let id = 0; id < book.length; id++)
    if (liquidatableAt(BTCUSDT, book[id]!.position, book[id]!.backing, mark)) scanned.push(id);
  scanRuns.push(ms(ts));
  if (reached.length !== scanned.length || reached.sort((a, b) => a - b).some((id, i) => id !== scanned[i]))
    throw new Error(`index and scan disagree at ${mark}`);
  counts.push(reached.length);
}
const indexMs = Math.max(...indexRuns);
const scanMs = median(scanRuns);
console.log(
  `mark tick to every liquidation, ${POSITIONS.toLocaleString('en')} positions of ${USERS.toLocaleString('en')} users, ${ticks.length} ticks of ±0.05% to −3%: index ${indexMs.toFixed(2)} ms at worst (${goal(indexMs, 50)}); full scan ${scanMs.toFixed(0)} ms (median)`,
);
ticks.forEach((mark, i) =>
  console.log(
    `  tick to ${Number(mark) / 10}: ${counts[i]!.toLocaleString('en')} reached; index ${indexRuns[i]!.toFixed(3)} ms, scan ${scanRuns[i]!.toFixed(1)} ms`,
  ),
);
console.log(
  `  building the index (a liquidation price per position, then insert): ${buildMs.toFixed(0)} ms, ${((buildMs * 1000) / POSITIONS).toFixed(1)} µs per position`,
);

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
console.log(
  `funding settlement of ${POSITIONS.toLocaleString('en')} positions (median of 3): ${fundingMs.toFixed(1)} ms (${goal(fundingMs, 1_000)}); bare loop (quantity × mark × rate) ${bareMs.toFixed(1)} ms; ${(fundingMs / bareMs).toFixed(1)}× the floor`,
);

// --- The same figures through the trading core's perpetual commands ----------------------------------------------
// One-way mode gives a user one position per contract, so 100,000 positions of 1,000 users are 1,000 on each of 100
// contracts (BTCUSDT's table under 100 names, all following one index). Positions are put into the core's state
// directly (isolated, 2–100x, healthy at 60,000); a market maker rests bids and asks on every book, as liquidations
// need a book to close against. Each tick is the `perp.mark` command on one contract (liquidation index lookup, the
// account checks, the cancels, the IOC closes, fees and records); each funding is the `perp.funding` command
// (payments through one ledger transaction, new triggers for the payers).
const CONTRACT_COUNT = POSITIONS / USERS;
const synthetic = Array.from({ length: CONTRACT_COUNT }, (_, k) => ({ ...BTCUSDT, symbol: `c${k}usdt_perp` }));
const risk = new RiskEngine();
const perp = new PerpBook(synthetic, EIGHT_HOURS);
perp.attach(risk);
let now = Date.UTC(2026, 10, 23);
const ctx: CommandContext = {
  get now() {
    return now;
  },
  risk,
  part: <T>() => perp as unknown as T,
  emit: () => undefined,
};
const MM = 1_000_000;
const fundAccount = (user: number, amount: bigint) =>
  risk.balances.set(`${user}:${ACCOUNT.contract}:USDT`, { available: amount, held: 0n });
for (let u = 1; u <= USERS; u++) fundAccount(u, 10_000_000n * USDT);
fundAccount(MM, 10n ** 12n * USDT);
risk.balances.set(`0:${ACCOUNT.insuranceFund}:USDT`, { available: 1_000_000n * USDT, held: 0n });
for (const c of synthetic) perp.prices(c.symbol).mark = 600_000n;
const tc = performance.now();
for (const c of synthetic) {
  for (let u = 1; u <= USERS; u += 2) {
    const size = BigInt(1 + Math.floor(random() * 2_000));
    for (const [user, long] of [
      [u, true],
      [u + 1, false],
    ] as const) {
      for (;;) {
        const entry = 600_000n + BigInt(Math.floor(random() * 20_000)) - 10_000n;
        const position = applyFill(BTCUSDT, FLAT, long ? size : -size, entry).position;
        const leverage = 2 + Math.floor(random() * 99);
        const margin = notional(BTCUSDT, size, entry) / BigInt(leverage);
        if (liquidatableAt(BTCUSDT, position, margin, 600_000n)) continue;
        const p = perp.positionFor(user, c.symbol, now);
        Object.assign(p, { qty: position.qty, cost: position.cost, mode: 'isolated', leverage, isoMargin: margin });
        risk.hold(
          positionHoldId(p.id),
          user,
          ACCOUNT.contract,
          'USDT',
          margin,
          { billType: 'perp_margin', refType: 'bench', refId: p.id },
          { guard: false },
        );
        break;
      }
    }
  }
}
for (const key of perp.takeMarked()) perp.retrigger(risk, key);
const coreBuildMs = ms(tc);
// The market maker's ladders: 0.1% apart, 20 levels a side, deep enough for every liquidation.
for (const c of synthetic) {
  for (let level = 1; level <= 20; level++) {
    for (const side of ['buy', 'sell'] as const) {
      const price = side === 'buy' ? 600_000n - BigInt(level) * 600n : 600_000n + BigInt(level) * 600n;
      place(ctx, {
        symbol: c.symbol,
        userId: MM,
        side,
        kind: 'limit',
        tif: 'GTC',
        price,
        quantity: 50_000n,
        reduceOnly: false,
        closePosition: false,
        source: 'user',
      });
    }
  }
}
finish(ctx);
perp.takeRows();
risk.takeFacts();
console.log(
  `core state: ${POSITIONS.toLocaleString('en')} isolated positions of ${USERS.toLocaleString('en')} users on ${CONTRACT_COUNT} contracts, their triggers computed in ${coreBuildMs.toFixed(0)} ms (${((coreBuildMs * 1000) / POSITIONS).toFixed(1)} µs per position)`,
);

// Risk check per order as `perp.place` runs it: what the account can commit (available less the cross reserve, here
// over the user's cross positions on two contracts) and the order's bracket and margin check.
const riskUser = USERS + 2;
fundAccount(riskUser, 50_000n * USDT);
for (const [c, q] of [
  [synthetic[0]!, 2_000n],
  [synthetic[1]!, -3_000n],
] as const) {
  const p = perp.positionFor(riskUser, c.symbol, now);
  Object.assign(p, applyFill(BTCUSDT, FLAT, q, 600_000n).position, { mode: 'cross', leverage: 20 });
}
const coreRiskRun = () => {
  let passed = 0;
  const t0 = performance.now();
  for (let i = 0; i < ORDERS / 10; i++) {
    const pos = perp.position(riskUser, synthetic[0]!.symbol)!;
    const check = checkOrder(
      {
        contract: synthetic[0]!,
        leverage: 20n,
        position: pos,
        pending: 0n,
        mark: 600_000n,
        available: perp.free(risk, riskUser, 'USDT'),
        feeBps: 0n,
      },
      { qty: i % 2 ? 100n : -100n, price: orderPrices[i % 1_000]! },
    );
    if (check.ok) passed++;
  }
  if (passed !== ORDERS / 10) throw new Error('the core risk check refused an order it should pass');
  return (ms(t0) * 1e6) / (ORDERS / 10);
};
coreRiskRun();
const coreRiskNs = median([coreRiskRun(), coreRiskRun(), coreRiskRun()]);
console.log(
  `risk check per order in the core (PerpBook.free over 2 cross positions + checkOrder, median of 3): ${coreRiskNs.toFixed(0)} ns; ${(coreRiskNs / floorNs).toFixed(1)}× the floor above`,
);

// Funding of every position: 100 `perp.funding` commands, against a bare loop over the same quantities.
for (const c of synthetic)
  perp.prices(c.symbol).samples = [
    [1, 50_000n],
    [2, 60_000n],
    [3, 70_000n],
  ];
const allQty = [...perp.positionsById.values()].filter((p) => p.userId <= USERS).map((p) => p.qty);
const tf = performance.now();
for (const c of synthetic) fundingCommand.apply(ctx, { symbol: c.symbol, time: now });
const coreFundingMs = ms(tf);
const funded = perp.funding.reduce((n, f) => n + f.positions, 0);
perp.takeRows();
risk.takeFacts();
const tb2 = performance.now();
let bare = 0n;
for (const q of allQty) bare += (q * 600_000n * 10_000n * 60_000n) / 100_000_000n;
const bareFundingMs = ms(tb2);
if (bare === -1n) throw new Error('unreachable');
console.log(
  `funding through the core: ${funded.toLocaleString('en')} positions in ${coreFundingMs.toFixed(0)} ms (${goal(coreFundingMs, 1_000)}: payments, one ledger transaction per contract, new triggers for every payer); bare loop ${bareFundingMs.toFixed(1)} ms`,
);

// A 3% fall on every contract: each contract's `perp.mark` command, from the tick to every liquidation started
// (and, here, finished: the IOC closes fill against the ladder), against a scan of every position at the new mark.
now += 1_000;
// Finding them first, as the tick does before it closes anything: each contract's index, then the reached accounts'
// check.
for (const c of synthetic) perp.prices(c.symbol).mark = 582_000n;
const findAll = () => {
  let n = 0;
  for (const c of synthetic) {
    for (const id of perp.indexes.get(c.symbol)!.reached(582_000n))
      if (perp.isolatedLiquidatable(perp.positionsById.get(id)!)) n++;
  }
  return n;
};
const scanAll = () => {
  let n = 0;
  for (const p of perp.positionsById.values())
    if (p.userId <= USERS && p.qty !== 0n && perp.isolatedLiquidatable(p)) n++;
  return n;
};
findAll();
scanAll();
const tfind = performance.now();
const found = findAll();
const findMs = ms(tfind);
const tsc = performance.now();
const scanned = scanAll();
const scanAllMs = ms(tsc);
if (scanned !== found) throw new Error(`the indexes found ${found} accounts, the scan ${scanned}`);
for (const c of synthetic) perp.prices(c.symbol).mark = 600_000n;
const before = [...perp.positionsById.values()].filter((p) => p.qty !== 0n && p.userId <= USERS).length;
const tickTimes: number[] = [];
for (const c of synthetic) {
  const t0 = performance.now();
  markTick.apply(ctx, { symbol: c.symbol, index: 582_000n, mark: 582_000n, basisEma: 0n, premium: null });
  tickTimes.push(ms(t0));
}
const liquidated = perp.liquidations.filter((l) => l.kind === 'liquidation').length;
const after = [...perp.positionsById.values()].filter((p) => p.qty !== 0n && p.userId <= USERS).length;
let scanHits = 0;
for (const p of perp.positionsById.values())
  if (p.userId <= USERS && p.qty !== 0n && perp.isolatedLiquidatable(p)) scanHits++;
const tickTotal = tickTimes.reduce((a, b) => a + b, 0);
const tickWorst = Math.max(...tickTimes);
const tickMedian = median([...tickTimes]);
console.log(
  `mark tick to every liquidation through the core, −3% on ${CONTRACT_COUNT} contracts of ${(POSITIONS / CONTRACT_COUNT).toLocaleString('en')} positions each: every liquidatable account found through the indexes in ${findMs.toFixed(1)} ms for all ${CONTRACT_COUNT} (${found.toLocaleString('en')} accounts; ${goal(findMs, 50)}) against ${scanAllMs.toFixed(0)} ms for a full scan of every position's margin`,
);
console.log(
  `  each contract's perp.mark command, from the tick to its liquidations started and done (cancels, IOC closes in 20% steps above the first bracket, fees, records): median ${tickMedian.toFixed(1)} ms, slowest ${tickWorst.toFixed(1)} ms (${goal(tickMedian, 50)} at the median); ${tickTotal.toFixed(0)} ms for all ${CONTRACT_COUNT}: ${liquidated.toLocaleString('en')} closing steps (${before.toLocaleString('en')} → ${after.toLocaleString('en')} open positions), ${((tickTotal / Math.max(liquidated, 1)) * 1000).toFixed(0)} µs per step; ${scanHits} left liquidatable`,
);
if (scanHits !== 0) throw new Error('a position past 100% was left after its tick');
