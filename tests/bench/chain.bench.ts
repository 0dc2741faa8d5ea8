/**
 * On-chain deposits (server/chain/deposits) against a real local EVM node (Hardhat's network, as the tests use): one
 * block holding TRANSFERS ERC-20 transfers of the demo USDT to as many users' deposit addresses (sent with automine
 * off, then mined as one block), then:
 * - the floor: the node's own eth_getLogs for that block, timed alone (the least any watcher must wait for);
 * - the watcher's time to see them: one run reading the block (with its transactions, the native coin being watched
 *   too) and its logs, recording every deposit pending and telling each owner on the bus;
 * - at finality (two more blocks, the demo chain's three confirmations), one run crediting them all through the core
 *   (one ledger transaction each, exactly once): deposits credited per second, and the time from the final block to
 *   the first and the last credit pushed on the bus.
 * Each figure is printed beside the floor with its ratio. A live install adds up to CHAIN_POLL_MS (1 s) before a run
 * starts; runs here start at once. SQLite, on this machine; TRANSFERS sizes the run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAbiItem, type Hex } from 'viem';
import type { ChainDeposit } from '../../isomorphic/contract/chain.ts';
import type { ChainMessage } from '../../isomorphic/contract/private-feed.ts';
import { depositAddressOf } from '../../server/chain/addresses.ts';
import { watchedChains } from '../../server/chain/chains.ts';
import { DEMO_DEPLOYER } from '../../server/chain/demo/demo-chain.ts';
import { DEMO_TOKEN_ABI } from '../../server/chain/demo/demo-token.artifact.ts';
import { DepositWatcher } from '../../server/chain/deposits/watcher.ts';
import { ManualClock } from '../../server/clock/clock.ts';
import { MIGRATIONS } from '../../server/features.ts';
import { auditLedger } from '../../server/ledger/ledger.ts';
import { openDb } from '../../server/storage/db.ts';
import { migrate } from '../../server/storage/migrate.ts';
import { testApp } from '../support/app.ts';
import { testChain } from '../support/evm-chain.ts';
import { insertTestUser } from '../support/trading.ts';

const TRANSFERS = Number(process.env.TRANSFERS ?? 1000);
const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
const silent = { info: () => undefined, warn: console.warn, error: console.error };
const f = (n: number, digits = 1) => n.toLocaleString('en-US', { maximumFractionDigits: digits });

const dir = mkdtempSync(join(tmpdir(), 'lumex-chain-bench-'));
const db = await openDb({ sqliteFile: join(dir, 'lumex.db'), backgroundCheckpoint: true });
await migrate(db, MIGRATIONS);
const chain = await testChain(db);
// A manual clock: the app's own watcher job never runs, so the bench drives one watcher alone.
const clock = new ManualClock(Date.now());
const { app, config } = await testApp(db, chain.env, clock);
await app.jobs.idle();
const demo = (await watchedChains(db, config.chain))[0]!;
const watcher = new DepositWatcher({ db, core: app.core, bus: app.bus, clock, log: silent, chain: demo });

const tu = performance.now();
const addresses: Hex[] = [];
for (let i = 0; i < TRANSFERS; i++) {
  const id = await insertTestUser(db, `7${String(i).padStart(7, '0')}`, `chain_${i}`);
  addresses.push((await depositAddressOf(db, 'evm', chain.xpub, id)) as Hex);
}
const usersMs = performance.now() - tu;
await watcher.run(); // the cursor at the head before the block

const told: Array<{ at: number; deposit: ChainDeposit }> = [];
app.bus.subscribe('user.*.chain', (m) => {
  const message = m as ChainMessage;
  if (message.kind === 'deposit') told.push({ at: performance.now(), deposit: message.deposit });
});

// One block of TRANSFERS transfers: a first transfer to an address costs about 51,000 gas, past Hardhat's 30M limit.
await chain.test.setBlockGasLimit({ gasLimit: 30_000_000n + BigInt(TRANSFERS) * 60_000n });
await chain.test.setAutomine(false);
const ts = performance.now();
for (let i = 0; i < TRANSFERS; i += 50)
  await Promise.all(
    addresses.slice(i, i + 50).map((to) =>
      chain.wallet.writeContract({
        account: DEMO_DEPLOYER,
        chain: null,
        address: chain.token,
        abi: DEMO_TOKEN_ABI,
        functionName: 'transfer',
        args: [to, 100_000_000n],
        gas: 80_000n,
      }),
    ),
  );
const sendMs = performance.now() - ts;
await chain.test.request({ method: 'evm_mine' } as never);
await chain.test.setAutomine(true);
const block = await chain.client.getBlock({ blockTag: 'latest' });
const logs = await chain.client.getLogs({
  address: chain.token,
  event: TRANSFER,
  fromBlock: block.number,
  toBlock: block.number,
});
if (block.transactions.length !== TRANSFERS || logs.length !== TRANSFERS)
  throw new Error(`the block holds ${block.transactions.length} transactions and ${logs.length} logs`);

// The floor: eth_getLogs for the block, straight over JSON-RPC (the best of 5).
const floorRuns: number[] = [];
const getLogs = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'eth_getLogs',
  params: [
    { address: chain.token, fromBlock: `0x${block.number.toString(16)}`, toBlock: `0x${block.number.toString(16)}` },
  ],
});
for (let i = 0; i < 5; i++) {
  const t0 = performance.now();
  const res = await fetch(chain.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: getLogs,
  });
  const n = ((await res.json()) as { result: unknown[] }).result.length;
  floorRuns.push(performance.now() - t0);
  if (n !== TRANSFERS) throw new Error(`eth_getLogs answered ${n} logs`);
}
const floor = Math.min(...floorRuns);

// Seen: one run reads the block and records every deposit pending.
const tsee = performance.now();
await watcher.run();
const seeMs = performance.now() - tsee;
const seen = told.filter((t) => t.deposit.status === 'pending').length;

// Final: two more blocks, then one run credits them all.
await chain.test.request({ method: 'evm_mine' } as never);
await chain.test.request({ method: 'evm_mine' } as never);
const tfinal = performance.now();
await watcher.run();
const creditMs = performance.now() - tfinal;
await app.core.settled();
const projectedMs = performance.now() - tfinal;
const credits = told.filter((t) => t.deposit.status === 'credited');
const firstPush = Math.min(...credits.map((c) => c.at)) - tfinal;
const lastPush = Math.max(...credits.map((c) => c.at)) - tfinal;
const problems = await auditLedger(db);
const credited = Number(
  (await db.get<{ n: unknown }>("SELECT COUNT(*) AS n FROM chain_deposits WHERE status = 'credited'"))!.n,
);

await app.close();
await chain.stop();
await db.close();
rmSync(dir, { recursive: true, force: true });

const vs = (ms: number) => `${f(ms)} ms (×${f(ms / floor)} the getLogs floor)`;
console.log(
  `${f(TRANSFERS)} users with deposit addresses (${f(usersMs)} ms to allocate); ${f(TRANSFERS)} USDT transfers sent with automine off in ${f(sendMs)} ms, mined as block ${block.number} (${block.transactions.length} transactions, ${logs.length} Transfer logs, ${f(Number(block.gasUsed), 0)} gas)`,
);
console.log(
  `floor: the node's eth_getLogs for that block, ${f(floor, 2)} ms (best of 5: ${floorRuns.map((r) => f(r)).join(', ')})`,
);
console.log(`watcher sees them: one run, ${seen} deposits pending and told on the bus in ${vs(seeMs)}`);
console.log(
  `credited at finality: ${credits.length} deposits in ${vs(creditMs)}, ${f((credits.length / creditMs) * 1000, 0)} credits/s; in the tables after ${f(projectedMs)} ms`,
);
console.log(
  `final block to the credit pushed on the bus: first after ${vs(firstPush)}, last after ${vs(lastPush)} (a live install adds up to CHAIN_POLL_MS before the run)`,
);
console.log(
  `check: ${credited} credited in the table, ledger audit ${problems.length ? problems.join('; ') : 'clean'}`,
);
if (credits.length !== TRANSFERS || credited !== TRANSFERS || problems.length) process.exit(1);
