import { erc20Abi, formatUnits, type PublicClient } from 'viem';
import type { ChainMessage } from '../../../isomorphic/contract/private-feed.ts';
import type { PayoutStatus } from '../../../isomorphic/contract/chain.ts';
import type { Bus } from '../../bus/bus.ts';
import { userTopics } from '../../feeds/topics.ts';
import type { LeasedJob } from '../../jobs/scheduler.ts';
import type { Db } from '../../storage/db.ts';
import type { Chain, ChainToken } from '../chains.ts';
import { broadcast, feesOf, finalReceipt, gasOf, sign, transferCall, type Fees } from './evm-tx.ts';
import { ledgerCost } from './gas-cost.ts';
import type { SignerKeys } from './keys.ts';
import * as repo from './signer.repo.ts';
import { runSweeps } from './sweeps.ts';

export interface SignerDeps {
  db: Db;
  bus: Bus;
  keys: SignerKeys;
  log?: { warn(obj: object, msg: string): void };
}

/**
 * Whether the gas budget (ledger account 110 of the chain's coin) still covers `maxCost` on top of the gas not yet
 * booked: account 110 may not go negative, so a transaction it could not pay for is not signed at all.
 */
export async function gasCovered(db: Db, chain: Chain, maxCost: bigint): Promise<string | null> {
  const native = nativeToken(chain);
  const budget = await repo.gasBudget(db, chain.nativeCoin);
  const owed = ledgerCost((await repo.unsettledGas(db, chain.key)) + maxCost, native.decimals);
  return budget >= owed ? null : `gas budget short: ${formatUnits(owed - budget, 8)} ${chain.nativeCoin} more needed`;
}

export const nativeToken = (chain: Chain): ChainToken => chain.tokens.find((t) => t.contract === null)!;

/**
 * The hot wallet's next nonce: from the node's pending count, the first one no payout in flight holds. A refused
 * payout frees its nonce, and the next payout fills that gap (a later nonce would wait behind it forever).
 */
export async function hotNonce(db: Db, chain: Chain, keys: SignerKeys): Promise<number> {
  let nonce = await chain.client.getTransactionCount({ address: keys.hot.address, blockTag: 'pending' });
  const held = await repo.inFlightNonces(db, chain.key);
  while (held.has(nonce)) nonce++;
  return nonce;
}

export async function tokenBalance(client: PublicClient, token: ChainToken, owner: `0x${string}`): Promise<bigint> {
  return token.contract
    ? client.readContract({ address: token.contract, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
    : client.getBalance({ address: owner });
}

/**
 * Pays approved withdrawals on one chain (docs/products/chain.md, "Withdrawals sent"), one step per row and status:
 * `signed` rows (a crash between signing and sending, or a node that did not answer) are sent again; `sent` rows
 * become `confirmed` or `failed` once their receipt has the chain's confirmations; `queued` rows are signed, stored
 * `signed` with their bytes and hash BEFORE the broadcast, then sent. Each change is published to its owner after
 * it commits. The ledger is not touched here: the core settles confirmed and failed rows (server/chain/payouts).
 */
export class PayoutSigner {
  private readonly deps: SignerDeps;
  readonly chain: Chain;

  constructor(deps: SignerDeps, chain: Chain) {
    this.deps = deps;
    this.chain = chain;
  }

  async run(): Promise<void> {
    for (const p of await repo.payoutsIn(this.deps.db, this.chain.key, 'signed')) await this.send(p);
    for (const p of await repo.payoutsIn(this.deps.db, this.chain.key, 'sent')) await this.check(p);
    for (const p of await repo.payoutsIn(this.deps.db, this.chain.key, 'queued')) {
      if (!(await this.signQueued(p))) break;
    }
  }

  /** Signs one queued payout and sends it; false when it has to wait (then later ones wait too, keeping order). */
  private async signQueued(p: repo.PayoutRow): Promise<boolean> {
    const { db, keys } = this.deps;
    const id = Number(p.withdrawal_id);
    const token = this.chain.tokens.find((t) => t.coin === p.coin);
    if (!token) return this.note(p, `${p.coin} is not a coin of ${this.chain.name}`);
    const amount = BigInt(p.raw_amount);
    const call = transferCall(token, p.to_address as `0x${string}`, amount);
    const hot = keys.hot.address;
    const [fees, nativeBalance, coinBalance] = await Promise.all([
      feesOf(this.chain.client),
      this.chain.client.getBalance({ address: hot }),
      tokenBalance(this.chain.client, token, hot),
    ]);
    if (coinBalance < amount) return this.note(p, `hot wallet short of ${p.coin}`);
    let gas: bigint;
    try {
      gas = await gasOf(this.chain.client, hot, call);
    } catch (err) {
      return this.note(p, `the node cannot estimate the transfer: ${(err as Error).message.split('\n')[0]}`);
    }
    const maxCost = gas * fees.maxFeePerGas;
    if (nativeBalance < maxCost + call.value)
      return this.note(p, `hot wallet short of ${this.chain.nativeCoin} for gas`);
    const short = await gasCovered(db, this.chain, maxCost);
    if (short) return this.note(p, short);
    const nonce = await hotNonce(db, this.chain, keys);
    const signed = await sign(keys.hot, this.chain, { ...call, nonce, gas, fees: fees satisfies Fees });
    const stored = await repo.movePayout(db, id, 'queued', 'signed', {
      nonce,
      tx_hash: signed.hash,
      raw_tx: signed.raw,
      gas_cost: signed.maxCost.toString(),
      error: null,
    });
    if (!stored) return true;
    this.publish(p, 'signed', signed.hash);
    await this.send({ ...p, status: 'signed', tx_hash: signed.hash, raw_tx: signed.raw });
    return true;
  }

  private async note(p: repo.PayoutRow, error: string): Promise<false> {
    if (p.error !== error) await repo.notePayout(this.deps.db, Number(p.withdrawal_id), error);
    return false;
  }

  private async send(p: repo.PayoutRow): Promise<void> {
    const hash = p.tx_hash as `0x${string}`;
    const sent = await broadcast(this.chain.client, { raw: p.raw_tx as `0x${string}`, hash });
    const id = Number(p.withdrawal_id);
    if (sent.kind === 'unreachable') return;
    if (sent.kind === 'sent') {
      if (await repo.movePayout(this.deps.db, id, 'signed', 'sent', {})) this.publish(p, 'sent', hash);
      return;
    }
    // Refused: the nonce was never used, nothing was spent; the funds go back to the user (settlement).
    if (await repo.movePayout(this.deps.db, id, 'signed', 'failed', { error: sent.message, gas_cost: '0' }))
      this.publish(p, 'failed', hash);
  }

  private async check(p: repo.PayoutRow): Promise<void> {
    const hash = p.tx_hash as `0x${string}`;
    const final = await finalReceipt(this.chain.client, this.chain, hash);
    if (!final) return;
    const id = Number(p.withdrawal_id);
    const set = { block_number: Number(final.block), gas_cost: final.gasCost.toString() };
    const moved = final.ok
      ? await repo.movePayout(this.deps.db, id, 'sent', 'confirmed', set)
      : await repo.movePayout(this.deps.db, id, 'sent', 'failed', { ...set, error: 'reverted on chain' });
    if (moved) this.publish(p, final.ok ? 'confirmed' : 'failed', hash);
  }

  private publish(p: repo.PayoutRow, status: PayoutStatus, txHash: string | null): void {
    const message: ChainMessage = { kind: 'withdrawal', withdrawalId: Number(p.withdrawal_id), status, txHash };
    this.deps.bus.publish(userTopics.chain(Number(p.user_id)), message);
  }
}

/**
 * The signer's work, one leased job per watched chain every `everyMs` (CHAIN_POLL_MS): payouts, then sweeps. One job
 * per chain, not two, because both spend from the hot wallet: its nonces are handed out by one run at a time.
 */
export function signerJobs(deps: SignerDeps, chains: Chain[], everyMs: number): LeasedJob[] {
  return chains.map((chain) => {
    const payouts = new PayoutSigner(deps, chain);
    return {
      name: `chain.signer.${chain.key}`,
      everyMs,
      catchUp: 0,
      run: async () => {
        await payouts.run();
        await runSweeps(deps, chain);
      },
    };
  });
}
