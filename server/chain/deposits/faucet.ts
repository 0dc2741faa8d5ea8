import { createWalletClient, custom, encodeFunctionData, parseUnits, toHex, type Hex } from 'viem';
import type { Clock } from '../../clock/clock.ts';
import { AppError, fail } from '../../outcome.ts';
import type { Db } from '../../storage/db.ts';
import { depositAddressOf } from '../addresses.ts';
import type { Chain } from '../chains.ts';
import { DEMO_FAUCET } from '../demo/demo-chain.ts';
import { DEMO_TOKEN_ABI } from '../demo/demo-token.artifact.ts';

/** What one request sends: a whole native coin, or 1,000 of a token (the demo USDT). */
const NATIVE_DRIP = '1';
const TOKEN_DRIP = '1000';
/** One drip per user and coin a minute. */
export const FAUCET_EVERY_MS = 60_000;

export interface FaucetDeps {
  db: Db;
  chains: readonly Chain[];
  xpub: string | undefined;
  clock: Pick<Clock, 'now'>;
}

/**
 * The demo chain's faucet (docs/products/chain.md, "Demo chain"): test coins from Hardhat's unlocked account #1,
 * "the outside world", to the user's own deposit address, which the watcher then sees and credits like any deposit.
 * Only a watched chain marked demo has one; a real chain never does.
 *
 * The once-a-minute limit is kept in this process's memory: the demo chain runs only in a single-process install
 * (server/serve.ts starts it with role `all`), and a restart starts a new chain anyway.
 */
export class Faucet {
  private readonly deps: FaucetDeps;
  private readonly last = new Map<string, number>();

  constructor(deps: FaucetDeps) {
    this.deps = deps;
  }

  async send(userId: number, coin: string, network: string): Promise<{ txHash: string }> {
    const { db, chains, xpub, clock } = this.deps;
    network = network.toUpperCase();
    const chain = chains.find((c) => c.demo && c.network === network && c.tokens.some((t) => t.coin === coin));
    if (!chain) fail('faucetUnavailable');
    if (!xpub) fail('depositNotEnabled', { coin, network });
    const key = `${userId}:${coin}`;
    const now = clock.now();
    const since = now - (this.last.get(key) ?? -Infinity);
    if (since < FAUCET_EVERY_MS) fail('faucetTooSoon', { coin, seconds: Math.ceil((FAUCET_EVERY_MS - since) / 1000) });
    // Taken before sending, so two requests at once cannot both pass; given back when nothing was sent.
    this.last.set(key, now);
    if (this.last.size > 10_000) for (const [k, at] of this.last) if (now - at >= FAUCET_EVERY_MS) this.last.delete(k);
    const to = (await depositAddressOf(db, 'evm', xpub, userId)) as Hex;
    try {
      return { txHash: await pay(chain, coin, to, now) };
    } catch (err) {
      this.last.delete(key);
      throw new AppError('chainUnavailable', { network }, `faucet payment failed: ${(err as Error).message}`);
    }
  }
}

/**
 * Sends the drip by eth_sendTransaction from the unlocked account. Each payment carries a tag with the time after its
 * own data (ignored by the recipient and the token alike): a restarted demo chain replays the same accounts and nonces,
 * and an identical payment would have the hash of one credited on the chain before, which the deposit key
 * (chain, tx hash, log index) would take for that one.
 */
async function pay(chain: Chain, coin: string, to: Hex, now: number): Promise<string> {
  const wallet = createWalletClient({ account: DEMO_FAUCET, transport: custom({ request: chain.client.request }) });
  const tag = toHex(`lumex faucet ${now} ${Math.random().toString(36).slice(2)}`).slice(2);
  const token = chain.tokens.find((t) => t.coin === coin)!;
  if (token.contract === null)
    return wallet.sendTransaction({
      chain: null,
      to,
      value: parseUnits(NATIVE_DRIP, token.decimals),
      data: `0x${tag}`,
    });
  const call = encodeFunctionData({
    abi: DEMO_TOKEN_ABI,
    functionName: 'transfer',
    args: [to, parseUnits(TOKEN_DRIP, token.decimals)],
  });
  return wallet.sendTransaction({ chain: null, to: token.contract, data: `${call}${tag}` });
}
