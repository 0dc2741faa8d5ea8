import { randomInt } from 'node:crypto';
import { join } from 'node:path';
import { createPublicClient, createWalletClient, http, parseEther, type PublicClient, type WalletClient } from 'viem';
import type { Db } from '../../storage/db.ts';
import { upsertChain } from '../chain.repo.ts';
import { evmHotWallet } from '../evm/hd.ts';
import { DEMO_TOKEN_ABI, DEMO_TOKEN_BYTECODE } from './demo-token.artifact.ts';
import { demoKeys } from './demo-keys.ts';
import { startEvmNode, type EvmNode } from './demo-node.ts';

/**
 * Hardhat's well-known development accounts, unlocked on its node (eth_sendTransaction needs no key here): #0 deploys
 * the demo USDT and owns its blacklist, #1 is "the outside world" that the faucet pays from. Their keys are public, so
 * nothing of value may ever be sent to them on a real chain; this chain is never one.
 */
export const DEMO_DEPLOYER = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
export const DEMO_FAUCET = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

export const DEMO_CHAIN = { key: 'demo', chainId: 31337, network: 'ERC20', name: 'Demo chain', confirmations: 3 };

/** What the hot wallet starts with on each fresh demo chain: the platform's own coins, for gas and withdrawals. */
const HOT_START = { eth: parseEther('100'), usdt: 1_000_000n * 10n ** 6n };
/** The outside world's USDT (#1 has Hardhat's 10,000 ETH already): what the faucet pays users from. */
const FAUCET_USDT = 1_000_000_000n * 10n ** 6n;

export interface DemoChain {
  url: string;
  xpub: string;
  signerKeyFile: string;
  token: `0x${string}`;
  node: EvmNode;
}

/**
 * Every start is a new chain with the same accounts, and a transaction's hash depends only on what is signed: a
 * payment repeated after a restart (same sender, nonce, recipient, amount) would have the hash of one made on the
 * chain before, and a deposit is known by its hash. Starting each account that sends here (the node's unlocked
 * accounts, which people import into their wallets, and the hot wallet) at a random nonce makes every chain's
 * transactions its own.
 */
async function freshNonces(client: PublicClient, hot: `0x${string}`): Promise<void> {
  const rpc = client.request as unknown as (a: { method: string; params?: unknown[] }) => Promise<unknown>;
  const accounts = (await rpc({ method: 'eth_accounts' })) as string[];
  for (const address of [...accounts, hot]) {
    const nonce = 1 + randomInt(2 ** 40);
    await rpc({ method: 'hardhat_setNonce', params: [address, `0x${nonce.toString(16)}`] });
  }
}

/** Deploys the demo USDT from #0 and waits for it; returns its address. */
export async function deployDemoToken(
  wallet: WalletClient,
  client: PublicClient,
  supply = 10n ** 12n * 10n ** 6n,
): Promise<`0x${string}`> {
  const hash = await wallet.deployContract({
    abi: DEMO_TOKEN_ABI,
    bytecode: DEMO_TOKEN_BYTECODE,
    args: ['Tether USD (demo)', 'USDT', 6, supply],
    account: DEMO_DEPLOYER,
    chain: null,
  });
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  return receipt.contractAddress!.toLowerCase() as `0x${string}`;
}

/**
 * `npm start`'s chain: starts the node (a block every `blockMs` besides one per transaction), deploys the demo USDT,
 * funds the hot wallet, and records the chain and its coins as data, so the platform watches it like any configured
 * chain. Each start is a new chain; server/chain/deposits notices the new genesis and starts its view over.
 */
export async function startDemoChain(opts: {
  db: Db;
  dataDir: string;
  port?: number;
  blockMs?: number;
}): Promise<DemoChain> {
  const dir = join(opts.dataDir, 'chain');
  const keys = demoKeys(dir);
  const node = await startEvmNode({ dir: join(dir, 'node'), port: opts.port ?? 0, blockMs: opts.blockMs ?? 2000 });
  const client = createPublicClient({ transport: http(node.url) }) as PublicClient;
  const wallet = createWalletClient({ transport: http(node.url) });
  await freshNonces(client, evmHotWallet(keys.xpub));
  const token = await deployDemoToken(wallet, client);
  const hot = evmHotWallet(keys.xpub);
  const funded = [
    await wallet.sendTransaction({ account: DEMO_DEPLOYER, chain: null, to: hot, value: HOT_START.eth }),
    await wallet.writeContract({
      account: DEMO_DEPLOYER,
      chain: null,
      address: token,
      abi: DEMO_TOKEN_ABI,
      functionName: 'transfer',
      args: [hot, HOT_START.usdt],
    }),
    await wallet.writeContract({
      account: DEMO_DEPLOYER,
      chain: null,
      address: token,
      abi: DEMO_TOKEN_ABI,
      functionName: 'transfer',
      args: [DEMO_FAUCET, FAUCET_USDT],
    }),
  ];
  for (const hash of funded) await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  await upsertChain(
    opts.db,
    { ...DEMO_CHAIN, chain_id: DEMO_CHAIN.chainId, native_coin: 'ETH', explorer_tx: null, demo: 1 },
    [
      { coin: 'ETH', contract: null, decimals: 18, min_deposit: 100000 },
      { coin: 'USDT', contract: token, decimals: 6, min_deposit: 1_00000000 },
    ],
  );
  return { url: node.url, xpub: keys.xpub, signerKeyFile: keys.signerKeyFile, token, node };
}
