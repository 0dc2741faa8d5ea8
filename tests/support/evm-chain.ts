import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { createPublicClient, createTestClient, createWalletClient, http, type PublicClient } from 'viem';
import type { Db } from '../../server/storage/db.ts';
import { startDemoChain, type DemoChain } from '../../server/chain/demo/demo-chain.ts';

/**
 * A real local EVM node for a test file (Hardhat's network, the demo chain's node with automine and no interval, so
 * blocks come only from transactions and `mine`): the demo USDT deployed, the hot wallet funded, the chain recorded
 * in `db`. `env` is what testApp needs to watch it. Snapshots and reverts make reorgs: revert to before a block, then
 * mine others in its place.
 */
export interface TestChain extends DemoChain {
  client: PublicClient;
  test: ReturnType<typeof createTestClient>;
  wallet: ReturnType<typeof createWalletClient>;
  /** The account-level xprv (tests sign as the signer with it). */
  xprv: string;
  env: Record<string, string>;
  mine(blocks?: number): Promise<void>;
  snapshot(): Promise<`0x${string}`>;
  revert(id: `0x${string}`): Promise<void>;
  stop(): Promise<void>;
}

export async function testChain(db: Db): Promise<TestChain> {
  const dir = mkdtempSync(join(tmpdir(), 'lumex-chain-'));
  const demo = await startDemoChain({ db, dataDir: dir, blockMs: 0 });
  const transport = http(demo.url);
  const test = createTestClient({ mode: 'hardhat', transport });
  return {
    ...demo,
    client: createPublicClient({ transport }) as PublicClient,
    test,
    wallet: createWalletClient({ transport }),
    xprv: readFileSync(demo.signerKeyFile, 'utf8').trim(),
    env: { EVM_RPC_URL_DEMO: demo.url, EVM_XPUB: demo.xpub, DEMO_CHAIN: '0' },
    // One block at a time: Hardhat's hardhat_mine of many blocks leaves their parent hashes zero, which no watcher
    // can link up (it would see a chain that does not connect).
    async mine(blocks = 1) {
      for (let i = 0; i < blocks; i++) await test.mine({ blocks: 1 });
    },
    snapshot: () => test.snapshot(),
    revert: (id) => test.revert({ id }),
    async stop() {
      await demo.node.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
