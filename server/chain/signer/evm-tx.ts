import {
  BaseError,
  encodeFunctionData,
  erc20Abi,
  HttpRequestError,
  keccak256,
  RpcRequestError,
  TimeoutError,
  TransactionNotFoundError,
  type PublicClient,
} from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import type { Chain, ChainToken } from '../chains.ts';

/** Gas of a plain transfer of the chain's own coin. */
export const NATIVE_GAS = 21_000n;

export interface Fees {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

/**
 * A transaction signed and not yet sent: what the row keeps before the broadcast (a crash then re-sends these bytes).
 */
export interface Signed {
  raw: `0x${string}`;
  hash: `0x${string}`;
  /** Gas limit × max fee: the most it can cost, reserved against the gas budget while in flight. */
  maxCost: bigint;
}

/** The call that moves `amount` of a token (or its value, for the native coin) to `to`. */
export function transferCall(token: ChainToken, to: `0x${string}`, amount: bigint) {
  return token.contract
    ? {
        to: token.contract,
        value: 0n,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
      }
    : { to, value: amount, data: undefined };
}

/** EIP-1559 fees from the node (its base fee and priority fee suggestion, with viem's margin for the next blocks). */
export async function feesOf(client: PublicClient): Promise<Fees> {
  const f = await client.estimateFeesPerGas();
  return { maxFeePerGas: f.maxFeePerGas, maxPriorityFeePerGas: f.maxPriorityFeePerGas };
}

/** The gas a call needs from `from`, estimated by the node with a fifth more as margin; a plain transfer, 21,000. */
export async function gasOf(
  client: PublicClient,
  from: `0x${string}`,
  call: { to: `0x${string}`; value: bigint; data: `0x${string}` | undefined },
): Promise<bigint> {
  if (!call.data) return NATIVE_GAS;
  const est = await client.estimateGas({ account: from, to: call.to, data: call.data, value: call.value });
  return (est * 6n) / 5n;
}

export async function sign(
  account: PrivateKeyAccount,
  chain: Chain,
  tx: { to: `0x${string}`; value: bigint; data: `0x${string}` | undefined; nonce: number; gas: bigint; fees: Fees },
): Promise<Signed> {
  const raw = await account.signTransaction({
    type: 'eip1559',
    chainId: chain.chainId,
    to: tx.to,
    value: tx.value,
    ...(tx.data ? { data: tx.data } : {}),
    nonce: tx.nonce,
    gas: tx.gas,
    maxFeePerGas: tx.fees.maxFeePerGas,
    maxPriorityFeePerGas: tx.fees.maxPriorityFeePerGas,
  });
  return { raw, hash: keccak256(raw), maxCost: tx.gas * tx.fees.maxFeePerGas };
}

/**
 * The outcome of sending signed bytes: `sent` (the node has them, taken now or before), `refused` with the node's
 * message, or `unreachable` (no answer: it may or may not have them;
 * the row stays as it is and the next run sends again, which is harmless, the bytes being the same).
 */
export type Broadcast = { kind: 'sent' } | { kind: 'refused'; message: string } | { kind: 'unreachable' };

export async function broadcast(client: PublicClient, signed: Pick<Signed, 'raw' | 'hash'>): Promise<Broadcast> {
  try {
    await client.sendRawTransaction({ serializedTransaction: signed.raw });
    return { kind: 'sent' };
  } catch (err) {
    if (!(err instanceof BaseError)) throw err;
    if (err.walk((e) => e instanceof TimeoutError) || isTransportFailure(err)) return { kind: 'unreachable' };
    // A node that answers with an error may still have the transaction: sent before ("already known", "nonce too
    // low" for one mined already), or mined and reverted at once (an automining development node says so as an
    // error). Only a transaction the node does not know was refused.
    const there = await known(client, signed.hash);
    if (there === undefined) return { kind: 'unreachable' };
    return there ? { kind: 'sent' } : { kind: 'refused', message: nodeMessage(err) };
  }
}

/** An HTTP failure without a JSON-RPC answer (connection refused, a proxy's 502): not the node's verdict. */
function isTransportFailure(err: BaseError): boolean {
  const rpc = err.walk((e) => e instanceof RpcRequestError);
  if (rpc) return false;
  const http = err.walk((e) => e instanceof HttpRequestError) as HttpRequestError | null;
  if (!http) return false;
  return !/"error"\s*:/.test(JSON.stringify(http.body ?? '')) && !/"error"\s*:/.test(http.details ?? '');
}

/** The node's own words, without viem's request dump. */
function nodeMessage(err: BaseError): string {
  const inner = (err.walk((e) => e instanceof RpcRequestError) as BaseError | null) ?? err;
  return (inner.details || inner.shortMessage || inner.message).slice(0, 500);
}

/** Whether the node knows a transaction (pending or mined); undefined when it does not answer. */
export async function known(client: PublicClient, hash: `0x${string}`): Promise<boolean | undefined> {
  try {
    await client.getTransaction({ hash });
    return true;
  } catch (err) {
    return err instanceof TransactionNotFoundError ? false : undefined;
  }
}

/**
 * A mined transaction's outcome once it has the chain's confirmations (undefined before, or when not mined):
 * whether it succeeded, its block and what it cost (gas used × effective gas price).
 */
export async function finalReceipt(
  client: PublicClient,
  chain: Chain,
  hash: `0x${string}`,
): Promise<{ ok: boolean; block: bigint; gasCost: bigint } | undefined> {
  let r: Awaited<ReturnType<PublicClient['getTransactionReceipt']>>;
  try {
    r = await client.getTransactionReceipt({ hash });
  } catch {
    return undefined;
  }
  const head = await client.getBlockNumber({ cacheTime: 0 });
  if (head - r.blockNumber + 1n < BigInt(chain.confirmations)) return undefined;
  return { ok: r.status === 'success', block: r.blockNumber, gasCost: r.gasUsed * r.effectiveGasPrice };
}

/** A mined receipt at once (no confirmations): for a top-up, which only has to be spendable. */
export async function minedReceipt(client: PublicClient, hash: `0x${string}`) {
  try {
    const r = await client.getTransactionReceipt({ hash });
    return { ok: r.status === 'success', gasCost: r.gasUsed * r.effectiveGasPrice };
  } catch {
    return undefined;
  }
}
