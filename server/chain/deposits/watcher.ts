import type { ChainDeposit } from '../../../isomorphic/contract/chain.ts';
import type { Bus } from '../../bus/bus.ts';
import type { Clock } from '../../clock/clock.ts';
import type { TradingCore } from '../../core/core.ts';
import { postFunds, type FundsPost } from '../../core/funds.ts';
import { userTopics } from '../../feeds/topics.ts';
import { ACCOUNT } from '../../ledger/account-types.ts';
import type { Db } from '../../storage/db.ts';
import { toLedger, type Chain } from '../chains.ts';
import { chainInfo } from '../custody.ts';
import { depositView, type ChainView } from './deposit-view.ts';
import * as repo from './deposits.repo.ts';
import { blockAt, headOf, readRange, succeeded, type BlockLink, type Range } from './scan.ts';

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface WatcherDeps {
  db: Db;
  core: TradingCore;
  bus: Bus;
  clock: Pick<Clock, 'now'>;
  log: Logger;
  chain: Chain;
}

/** Blocks read and recorded in one step (one transaction); a run takes at most MAX_STEPS of them, then yields. */
export const STEP = 100;
const MAX_STEPS = 20;
/** Blocks kept beyond the chain's finality, to find the common ancestor of a reorg that deep. */
const MARGIN = 32;

/** Another watcher of the same chain moved the cursor first: this one reads it again. */
class Moved extends Error {}
/** The deposit was credited (or dropped) by another watcher or a replay: roll the credit back, nothing to do. */
class NotPending extends Error {}

/**
 * One chain's deposit watcher (docs/products/chain.md, "Deposits"), run by a leased job every CHAIN_POLL_MS. Each run
 * reads the head and, from the stored cursor, the blocks after it in steps, each block checked against its parent
 * (the stored hash of the block before): a mismatch is a reorg, walked back to the common ancestor, whose orphaned
 * pending deposits are dropped. The token contracts' Transfer logs and the native coin's value transfers to users'
 * deposit addresses are recorded (below the coin's minimum: dust, never credited); a pending deposit is credited once
 * its block has `confirmations` blocks, by one conditional update inside the core's ledger transaction, so it is
 * credited exactly once whatever runs at the same time. Every change the owner should see goes on the bus after commit.
 *
 * A watcher's memory holds only caches (addresses, the confirmations last told): a new one continues from the
 * database, and two at once on one database each record and credit nothing twice (conditional updates throughout).
 */
export class DepositWatcher {
  private readonly deps: WatcherDeps;
  private readonly view: ChainView;
  /** How many recent block hashes are kept: enough to walk back past finality. */
  private readonly keep: number;
  private genesis: string | undefined;
  private readonly owners = new Map<string, number>();
  private highestIndex = -1;
  /** Confirmations last published per pending deposit, so each new count is told once. */
  private readonly told = new Map<number, number>();

  constructor(deps: WatcherDeps) {
    this.deps = deps;
    const { chain } = deps;
    this.view = { info: chainInfo(chain), network: chain.network, explorerTx: chain.explorerTx };
    this.keep = chain.confirmations + MARGIN;
  }

  /** One turn: catch up from the cursor to the head (at most MAX_STEPS steps), then confirm and credit. */
  async run(): Promise<void> {
    const { chain } = this.deps;
    this.genesis ??= (await blockAt(chain, 0))!.hash;
    const head = await headOf(chain);
    let cursor = await this.cursorFor(head);
    for (let step = 0; step < MAX_STEPS; step++) {
      let next: repo.Cursor | undefined;
      if (cursor.number >= head) {
        // Nothing new above the cursor (or a node behind another): its block must still be the chain's.
        if ((await blockAt(chain, cursor.number))?.hash === cursor.hash) break;
        next = await this.rollBack(cursor, head);
      } else {
        const range = await readRange(chain, cursor.number + 1, Math.min(head, cursor.number + STEP));
        if (!range) {
          this.deps.log.info({ chain: chain.key, from: cursor.number + 1 }, 'blocks read do not link up: read again');
          break; // the chain changed while it was read (a reorg): read again on the next turn
        }
        next =
          range.blocks[0]!.parentHash === cursor.hash
            ? await this.record(cursor, range)
            : await this.rollBack(cursor, head);
      }
      // Undefined: another watcher moved the cursor first; continue from where it left it.
      cursor = next ?? (await this.cursorFor(head));
    }
    await this.settle(cursor.number);
  }

  /** The stored cursor; on the first watch, or a new chain behind the key (its genesis differs), the head. */
  private async cursorFor(head: number): Promise<repo.Cursor> {
    const { db, chain, log } = this.deps;
    const stored = await repo.cursorOf(db, chain.key);
    if (stored && stored.genesis === this.genesis) return stored;
    if (stored) log.warn({ chain: chain.key }, 'the chain has a new genesis block: its view starts over at the head');
    return (await this.startOver(head)) ?? (await repo.cursorOf(db, chain.key))!;
  }

  /**
   * The view starts at the head: pending deposits of what came before are dropped (they are not on this chain),
   * credited ones stay credited (the ledger never takes funds back silently). Conditional like every cursor move:
   * from `from` (a reorg too deep to follow), or to a genesis not stored yet; undefined when another watcher did it.
   */
  private async startOver(head: number, from?: repo.Cursor): Promise<repo.Cursor | undefined> {
    const { db, chain, clock } = this.deps;
    const top = (await blockAt(chain, head))!;
    const cursor = { genesis: this.genesis!, number: top.number, hash: top.hash };
    const dropped = await db.tx(async (q) => {
      const now = clock.now();
      const taken = from
        ? await repo.moveCursor(q, chain.key, from, top, now)
        : await repo.resetCursor(q, chain.key, cursor, now);
      if (!taken) return undefined;
      await repo.forgetBlocks(q, chain.key, { above: -1 });
      await repo.putBlocks(q, chain.key, [top]);
      return repo.dropDeposits(q, chain.key);
    });
    if (!dropped) return undefined;
    this.tell(dropped, cursor.number);
    return cursor;
  }

  /**
   * A reorg: the newest stored block the chain still has is the common ancestor. The cursor goes back to it (if no
   * other watcher moved it meanwhile), the orphaned blocks are forgotten and their pending deposits dropped; a
   * transaction mined again in the new blocks is recorded there as pending (same key). A credited deposit in an
   * orphaned block stays credited and is reported to operators: taking funds back is a decision, never a side effect.
   */
  private async rollBack(cursor: repo.Cursor, head: number): Promise<repo.Cursor | undefined> {
    const { db, chain, clock, log } = this.deps;
    let ancestor: { number: number; hash: string } | undefined;
    for (const b of await repo.storedBlocks(db, chain.key, Math.min(cursor.number, head), this.keep)) {
      if ((await blockAt(chain, Number(b.number)))?.hash === b.hash) {
        ancestor = { number: Number(b.number), hash: b.hash };
        break;
      }
    }
    if (!ancestor) {
      log.error(
        { chain: chain.key, from: cursor.number, keptBlocks: this.keep },
        'reorg deeper than the blocks kept: the view starts over at the head; check recent deposits by hand',
      );
      return this.startOver(head, cursor);
    }
    const done = await db.tx(async (q) => {
      if (!(await repo.moveCursor(q, chain.key, cursor, ancestor, clock.now()))) return undefined;
      await repo.forgetBlocks(q, chain.key, { above: ancestor.number });
      return {
        dropped: await repo.dropDeposits(q, chain.key, ancestor.number),
        credited: await repo.creditedAbove(q, chain.key, ancestor.number),
      };
    });
    if (!done) return undefined;
    log.warn(
      { chain: chain.key, from: cursor.number, to: ancestor.number, dropped: done.dropped.length },
      'chain reorg',
    );
    for (const r of done.credited)
      log.warn(
        {
          chain: chain.key,
          depositId: Number(r.id),
          txHash: r.tx_hash,
          userId: Number(r.user_id),
          coin: r.coin,
          amount: String(r.amount),
        },
        'a reorg removed the block of a deposit already credited: it stays credited; check that its transaction is mined again',
      );
    this.tell(done.dropped, ancestor.number);
    return { genesis: cursor.genesis, ...ancestor };
  }

  /**
   * Records a checked range: the cursor moves to its last block (conditionally: a watcher that lost the race records
   * nothing), its hashes are kept and older ones pruned, and users' deposits in it are stored. Deposit addresses are
   * read after the range: an address is allocated before anything is sent to it, so one in these blocks is known.
   */
  private async record(cursor: repo.Cursor, range: Range): Promise<repo.Cursor | undefined> {
    const { db, chain, clock } = this.deps;
    await this.refreshOwners();
    const toUsers = range.movements.filter((m) => this.owners.has(m.to));
    // The hot wallet's gas for a token sweep lands on a deposit address like a deposit, but is the platform's:
    // credited, it would hand the user the sweep's gas (on a chain where gas costs more than the minimum deposit).
    const topups = await repo.sweepTopups(
      db,
      chain.key,
      toUsers.filter((m) => m.logIndex === -1).map((m) => m.txHash),
    );
    const ours = toUsers.filter((m) => !(m.logIndex === -1 && topups.has(m.txHash)));
    const natives = ours.filter((m) => m.logIndex === -1).map((m) => m.txHash);
    const ok = natives.length ? await succeeded(chain, natives) : new Set<string>();
    const last: BlockLink = range.blocks.at(-1)!;
    const now = clock.now();
    let changed: repo.DepositRow[];
    try {
      changed = await db.tx(async (q) => {
        if (!(await repo.moveCursor(q, chain.key, cursor, last, now))) throw new Moved();
        await repo.putBlocks(q, chain.key, range.blocks);
        await repo.forgetBlocks(q, chain.key, { below: last.number - this.keep + 1 });
        const rows: repo.DepositRow[] = [];
        for (const m of ours) {
          if (m.logIndex === -1 && !ok.has(m.txHash)) continue;
          const token = chain.tokens.find((t) => t.coin === m.coin)!;
          const amount = toLedger(m.raw, token.decimals);
          const row = await repo.recordDeposit(q, {
            chain: chain.key,
            txHash: m.txHash,
            logIndex: m.logIndex,
            blockNumber: m.blockNumber,
            blockHash: m.blockHash,
            userId: this.owners.get(m.to)!,
            address: m.to,
            coin: m.coin,
            raw: m.raw,
            amount,
            status: amount < token.minDeposit ? 'dust' : 'pending',
            at: now,
          });
          if (row) rows.push(row);
        }
        return rows;
      });
    } catch (err) {
      if (err instanceof Moved) return undefined;
      throw err;
    }
    this.tell(changed, last.number);
    return { genesis: cursor.genesis, number: last.number, hash: last.hash };
  }

  /** Pending deposits: each new confirmation count told, and those final at `tip` credited. */
  private async settle(tip: number): Promise<void> {
    const { db, chain } = this.deps;
    const due: repo.DepositRow[] = [];
    const counted: repo.DepositRow[] = [];
    for (const r of await repo.pendingDeposits(db, chain.key)) {
      const confirmations = tip - Number(r.block_number) + 1;
      if (confirmations >= chain.confirmations) due.push(r);
      else if (this.told.get(Number(r.id)) !== confirmations) counted.push(r);
    }
    this.tell(counted, tip);
    // The core decides one command after the other; submitting them together spares a round trip each, and each
    // owner is told as soon as their own credit is committed.
    const results = await Promise.allSettled(
      due.map(async (r) => {
        const credited = await this.credit(r);
        if (credited) this.tell([credited], tip);
      }),
    );
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /** Credits one final deposit: external → the owner's spot account, in the transaction that marks it credited. */
  private async credit(r: repo.DepositRow): Promise<repo.DepositRow | undefined> {
    const { core, clock } = this.deps;
    const id = Number(r.id);
    let credited: repo.DepositRow | undefined;
    try {
      await core.submitPrepared(postFunds, async (q): Promise<FundsPost> => {
        credited = await repo.markCredited(q, id, r.block_hash, clock.now());
        if (!credited) throw new NotPending();
        const amount = BigInt(credited.amount);
        return {
          lines: [
            { owner: null, type: ACCOUNT.external, asset: credited.coin, available: -amount },
            { owner: Number(credited.user_id), type: ACCOUNT.spot, asset: credited.coin, available: amount },
          ],
          meta: { billType: 'deposit', refType: 'chain_deposit', refId: id },
        };
      });
    } catch (err) {
      if (err instanceof NotPending) return undefined;
      throw err;
    }
    return credited;
  }

  /** Tells each deposit's owner what it is now, after the change is committed. */
  private tell(rows: readonly repo.DepositRow[], tip: number): void {
    for (const r of rows) {
      const deposit: ChainDeposit = depositView(r, this.view, tip);
      if (deposit.status === 'pending') this.told.set(deposit.id, deposit.confirmations);
      else this.told.delete(deposit.id);
      this.deps.bus.publish(userTopics.chain(Number(r.user_id)), { kind: 'deposit', deposit });
    }
  }

  private async refreshOwners(): Promise<void> {
    for (const a of await repo.evmAddressesAfter(this.deps.db, this.highestIndex)) {
      this.owners.set(a.address.toLowerCase(), Number(a.user_id));
      this.highestIndex = Math.max(this.highestIndex, Number(a.idx));
    }
  }
}
