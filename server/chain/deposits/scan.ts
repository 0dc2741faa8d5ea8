import { parseAbiItem } from 'viem';
import type { Chain } from '../chains.ts';

/**
 * What the watcher reads from a chain's node (JSON-RPC through viem): block headers with their links, the token
 * contracts' Transfer logs and plain value transfers over a range of blocks. Nothing here knows users; the watcher
 * filters by deposit address once the range is read (server/chain/deposits/watcher.ts says why in that order).
 */
export interface BlockLink {
  number: number;
  hash: string;
  parentHash: string;
}

/** A movement of a chain's coin to some address: an ERC-20 Transfer log, or a value transfer (log index -1). */
export interface Movement {
  coin: string;
  to: string;
  raw: bigint;
  txHash: string;
  logIndex: number;
  blockNumber: number;
  blockHash: string;
}

export interface Range {
  blocks: BlockLink[];
  movements: Movement[];
}

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
/** Blocks asked for at once while reading a range (one request each). */
const PARALLEL = 16;

export const headOf = async (chain: Chain): Promise<number> =>
  Number(await chain.client.getBlockNumber({ cacheTime: 0 }));

export async function blockAt(chain: Chain, n: number): Promise<BlockLink | undefined> {
  try {
    const b = await chain.client.getBlock({ blockNumber: BigInt(n) });
    return { number: Number(b.number), hash: b.hash!, parentHash: b.parentHash };
  } catch (err) {
    // Past the head (a chain shortened by a reorg): no such block.
    if ((err as { name?: string }).name === 'BlockNotFoundError') return undefined;
    throw err;
  }
}

/**
 * Blocks `from`..`to` and the movements in them, or undefined when the blocks read do not form one chain with the
 * logs (a reorg happened while reading: the caller reads again on its next turn). A native coin's transfers come
 * from the blocks' transactions (`to` and value only; the receipt is checked for the few that reach a user), so
 * blocks are read with their transactions only on a chain whose own coin is watched.
 */
export async function readRange(chain: Chain, from: number, to: number): Promise<Range | undefined> {
  const native = chain.tokens.find((t) => t.contract === null);
  const contracts = chain.tokens.filter((t) => t.contract !== null);
  const blocks: BlockLink[] = [];
  const movements: Movement[] = [];
  for (let start = from; start <= to; start += PARALLEL) {
    const numbers = Array.from({ length: Math.min(PARALLEL, to - start + 1) }, (_, i) => start + i);
    const read = await Promise.all(
      numbers.map((n) => chain.client.getBlock({ blockNumber: BigInt(n), includeTransactions: native !== undefined })),
    );
    for (const b of read) {
      const link = { number: Number(b.number), hash: b.hash!, parentHash: b.parentHash };
      const prev = blocks.at(-1);
      if (prev && link.parentHash !== prev.hash) return undefined;
      blocks.push(link);
      if (!native) continue;
      for (const tx of b.transactions) {
        if (typeof tx === 'string' || !tx.to || tx.value <= 0n) continue;
        movements.push({
          coin: native.coin,
          to: tx.to.toLowerCase(),
          raw: tx.value,
          txHash: tx.hash,
          logIndex: -1,
          blockNumber: link.number,
          blockHash: link.hash,
        });
      }
    }
  }
  if (contracts.length) {
    const coinOf = new Map(contracts.map((t) => [t.contract!, t.coin]));
    const logs = await chain.client.getLogs({
      address: contracts.map((t) => t.contract!),
      event: TRANSFER,
      fromBlock: BigInt(from),
      toBlock: BigInt(to),
    });
    const hashes = new Map(blocks.map((b) => [b.number, b.hash]));
    for (const log of logs) {
      if (log.removed || hashes.get(Number(log.blockNumber)) !== log.blockHash) return undefined;
      const { to: receiver, value } = log.args;
      // Zero-value transfers are what address-poisoning spam sends; nothing arrives, so nothing is shown.
      if (!receiver || !value) continue;
      movements.push({
        coin: coinOf.get(log.address.toLowerCase() as `0x${string}`)!,
        to: receiver.toLowerCase(),
        raw: value,
        txHash: log.transactionHash,
        logIndex: log.logIndex,
        blockNumber: Number(log.blockNumber),
        blockHash: log.blockHash,
      });
    }
  }
  return { blocks, movements };
}

/** Whether each value transfer succeeded (a reverted transaction moved nothing, though it names a value). */
export async function succeeded(chain: Chain, txHashes: readonly string[]): Promise<Set<string>> {
  const ok = new Set<string>();
  for (let i = 0; i < txHashes.length; i += PARALLEL) {
    const receipts = await Promise.all(
      txHashes
        .slice(i, i + PARALLEL)
        .map((hash) => chain.client.getTransactionReceipt({ hash: hash as `0x${string}` })),
    );
    for (const r of receipts) if (r.status === 'success') ok.add(r.transactionHash);
  }
  return ok;
}
