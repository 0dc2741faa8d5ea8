import type { Chain, ChainToken } from '../chains.ts';
import { toChain } from '../chains.ts';
import {
  broadcast,
  feesOf,
  finalReceipt,
  gasOf,
  known,
  minedReceipt,
  NATIVE_GAS,
  sign,
  transferCall,
} from './evm-tx.ts';
import * as repo from './signer.repo.ts';
import { gasCovered, hotNonce, tokenBalance, type SignerDeps } from './signer.ts';

/**
 * Sweeps (docs/products/chain.md, "Sweeps and gas"): what users deposited moves from their deposit addresses to the hot
 * wallet, so withdrawals are paid from one place. An address is swept per coin once it has credited deposits and
 * holds at least the coin's minimum deposit: the native coin directly (its balance less the transfer's gas); a token
 * after the hot wallet has sent the address just enough native coin for the transfer's gas (`topup`, its hash in
 * topup_tx). Each row's gas_cost holds the most it can cost while in flight, what it cost once mined; the core books
 * it to the platform's gas budget (ledger account 110) when it settles the row, never to the user.
 */
export async function runSweeps(deps: SignerDeps, chain: Chain): Promise<void> {
  const { db } = deps;
  for (const s of await repo.sweepsIn(db, chain.key, 'topup')) await afterTopup(deps, chain, s);
  for (const s of await repo.sweepsIn(db, chain.key, 'signed')) await unsent(deps, chain, s);
  for (const s of await repo.sweepsIn(db, chain.key, 'sent')) await settleSent(deps, chain, s);
  // One sweep per address at a time: a native sweep takes all but its own gas, which a token transfer signed beside
  // it would then lack.
  const started = new Set<string>();
  for (const c of await repo.sweepCandidates(db, chain.key)) {
    const token = chain.tokens.find((t) => t.coin === c.coin);
    if (!token || started.has(c.address)) continue;
    if (await startSweep(deps, chain, token, Number(c.idx), c.address as `0x${string}`)) started.add(c.address);
  }
}

/** Starts a sweep of one coin on one address when there is enough to sweep and gas for it; true when it did. */
async function startSweep(
  deps: SignerDeps,
  chain: Chain,
  token: ChainToken,
  idx: number,
  address: `0x${string}`,
): Promise<boolean> {
  const { db, keys } = deps;
  const balance = await tokenBalance(chain.client, token, address);
  if (balance === 0n || balance < toChain(token.minDeposit, token.decimals)) return false;
  const fees = await feesOf(chain.client);
  const hot = keys.hot.address;
  if (!token.contract) {
    const cost = NATIVE_GAS * fees.maxFeePerGas;
    if (balance <= cost || (await gasCovered(db, chain, cost))) return false;
    const nonce = await chain.client.getTransactionCount({ address, blockTag: 'pending' });
    const signed = await sign(keys.deposit(idx), chain, {
      ...transferCall(token, hot, balance - cost),
      nonce,
      gas: NATIVE_GAS,
      fees,
    });
    const id = await repo.insertSweep(db, {
      chain: chain.key,
      address,
      coin: token.coin,
      rawAmount: balance - cost,
      status: 'signed',
      tx_hash: signed.hash,
      gas_cost: signed.maxCost.toString(),
    });
    await sendSweep(deps, chain, id, signed, 0n);
    return true;
  }
  const call = transferCall(token, hot, balance);
  const gas = await gasOf(chain.client, address, call);
  const transferMax = gas * fees.maxFeePerGas;
  const onAddress = await chain.client.getBalance({ address });
  const need = transferMax > onAddress ? transferMax - onAddress : 0n;
  const topupMax = need ? NATIVE_GAS * fees.maxFeePerGas : 0n;
  if (await gasCovered(db, chain, transferMax + topupMax)) return false;
  if (!need) {
    await transferToHot(deps, chain, token, idx, address, 0n);
    return true;
  }
  if ((await chain.client.getBalance({ address: hot })) < need + topupMax) return false;
  const topup = await sign(keys.hot, chain, {
    ...transferCall({ ...token, contract: null }, address, need),
    nonce: await hotNonce(db, chain, keys),
    gas: NATIVE_GAS,
    fees,
  });
  const id = await repo.insertSweep(db, {
    chain: chain.key,
    address,
    coin: token.coin,
    rawAmount: balance,
    status: 'topup',
    topup_tx: topup.hash,
    gas_cost: (topupMax + transferMax).toString(),
  });
  const sent = await broadcast(chain.client, topup);
  if (sent.kind === 'refused') await repo.moveSweep(db, id, 'topup', 'failed', { error: sent.message, gas_cost: '0' });
  return true;
}

/** A top-up mined: the token transfer goes; a top-up reverted or lost ends the sweep (a later one starts over). */
async function afterTopup(deps: SignerDeps, chain: Chain, s: repo.SweepRow) {
  const id = Number(s.id);
  const topup = await minedReceipt(chain.client, s.topup_tx as `0x${string}`);
  if (!topup) {
    if ((await known(chain.client, s.topup_tx as `0x${string}`)) === false)
      await repo.moveSweep(deps.db, id, 'topup', 'failed', { error: 'top-up not sent', gas_cost: '0' });
    return;
  }
  if (!topup.ok) {
    await repo.moveSweep(deps.db, id, 'topup', 'failed', {
      error: 'top-up reverted on chain',
      gas_cost: topup.gasCost.toString(),
    });
    return;
  }
  const token = chain.tokens.find((t) => t.coin === s.coin)!;
  const idx = await repo.addressIndex(deps.db, s.address);
  await transferToHot(deps, chain, token, idx, s.address as `0x${string}`, topup.gasCost, id);
}

/** The token transfer from a deposit address to the hot wallet (after its top-up `existing`, or a new row). */
async function transferToHot(
  deps: SignerDeps,
  chain: Chain,
  token: ChainToken,
  idx: number,
  address: `0x${string}`,
  topupCost: bigint,
  existing?: number,
) {
  const { db, keys } = deps;
  const balance = await tokenBalance(chain.client, token, address);
  const call = transferCall(token, keys.hot.address, balance);
  const fees = await feesOf(chain.client);
  const gas = await gasOf(chain.client, address, call);
  const nonce = await chain.client.getTransactionCount({ address, blockTag: 'pending' });
  const signed = await sign(keys.deposit(idx), chain, { ...call, nonce, gas, fees });
  const cost = (topupCost + signed.maxCost).toString();
  let id = existing;
  if (id === undefined)
    id = await repo.insertSweep(db, {
      chain: chain.key,
      address,
      coin: token.coin,
      rawAmount: balance,
      status: 'signed',
      tx_hash: signed.hash,
      gas_cost: cost,
    });
  else if (
    !(await repo.moveSweep(db, id, 'topup', 'signed', {
      raw_amount: balance.toString(),
      tx_hash: signed.hash,
      gas_cost: cost,
    }))
  )
    return;
  await sendSweep(deps, chain, id, signed, topupCost);
}

async function sendSweep(
  deps: SignerDeps,
  chain: Chain,
  id: number,
  signed: { raw: `0x${string}`; hash: `0x${string}` },
  topupCost: bigint,
) {
  const sent = await broadcast(chain.client, signed);
  if (sent.kind === 'sent') await repo.moveSweep(deps.db, id, 'signed', 'sent', {});
  else if (sent.kind === 'refused')
    await repo.moveSweep(deps.db, id, 'signed', 'failed', { error: sent.message, gas_cost: topupCost.toString() });
}

/**
 * A `signed` sweep found at the start of a run: its bytes were not kept (a sweep moves the platform's own coins
 * between its own addresses, so nothing is lost by signing afresh): sent if the node has it, else failed and the
 * address is swept again by a later run.
 */
async function unsent(deps: SignerDeps, chain: Chain, s: repo.SweepRow) {
  const there = await known(chain.client, s.tx_hash as `0x${string}`);
  if (there === undefined) return;
  if (there) {
    await repo.moveSweep(deps.db, Number(s.id), 'signed', 'sent', {});
    return;
  }
  const topup = s.topup_tx ? await minedReceipt(chain.client, s.topup_tx as `0x${string}`) : undefined;
  await repo.moveSweep(deps.db, Number(s.id), 'signed', 'failed', {
    error: 'not sent',
    gas_cost: (topup?.gasCost ?? 0n).toString(),
  });
}

async function settleSent(deps: SignerDeps, chain: Chain, s: repo.SweepRow) {
  const final = await finalReceipt(chain.client, chain, s.tx_hash as `0x${string}`);
  if (!final) return;
  const topup = s.topup_tx ? await minedReceipt(chain.client, s.topup_tx as `0x${string}`) : undefined;
  const gas = (final.gasCost + (topup?.gasCost ?? 0n)).toString();
  await repo.moveSweep(
    deps.db,
    Number(s.id),
    'sent',
    final.ok ? 'confirmed' : 'failed',
    final.ok ? { gas_cost: gas } : { gas_cost: gas, error: 'reverted on chain' },
  );
}
