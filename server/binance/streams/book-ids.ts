import type { Depth } from '../../matching/types.ts';
import { MAX_DEPTH_LIMIT } from './depth.endpoints.ts';

/** One side's levels, price in ticks → quantity in lots. */
type Levels = Map<number, number>;

/** A run of book changes between two update ids: `U` the first, `u` the last, each level's newest quantity. */
export interface BookChanges {
  U: number;
  u: number;
  bids: Levels;
  asks: Levels;
}

/** The numbered state of one book: the levels as of update `id`, and the changes not yet sent per cadence. */
interface NumberedBook {
  id: number;
  bids: Levels;
  asks: Levels;
  pending: Map<number, BookChanges>;
}

/** A numbered book's levels, best first: [ticks, lots]. */
export interface NumberedLevels {
  id: number;
  bids: Array<[number, number]>;
  asks: Array<[number, number]>;
}

const levelsOf = (side: Array<[number, number]>): Levels => new Map(side);

/**
 * Update ids for the spot books (developers.binance.com, "How to manage a local order book correctly"): every
 * change of a book, as read from the core's engine, gets the next id of that book, and the REST snapshot and the
 * diff streams are both cut from the same numbered states, so a client that applies the diffs after a snapshot's
 * `lastUpdateId` holds exactly the book of any later snapshot. A book is numbered from its first REST snapshot or
 * stream follower on (ids start at 1 then, in this process), and from then on read again on each `market.*.book`
 * event and before each REST snapshot; books nobody asked for cost nothing per batch. Changes between two reads
 * share one id, which keeps the rule: every id is one whole step from the book before to the book after.
 * Both sides are followed to MAX_DEPTH_LIMIT levels: a level pushed beyond it reads as removed, as on Binance.
 */
export class BookIds {
  private readonly books = new Map<string, NumberedBook>();
  private readonly read: (symbol: string) => Depth;
  private readonly cadences: number[];

  /** `read` answers a book's depth now; `cadences` are the diff streams' periods that collect changes. */
  constructor(read: (symbol: string) => Depth, cadences: number[]) {
    this.read = read;
    this.cadences = cadences;
  }

  /** Reads the book again; a change takes the next update id and is added to every cadence's pending changes. */
  sync(symbol: string): NumberedBook {
    const now = this.read(symbol);
    const bids = levelsOf(now.bids.slice(0, MAX_DEPTH_LIMIT));
    const asks = levelsOf(now.asks.slice(0, MAX_DEPTH_LIMIT));
    let book = this.books.get(symbol);
    if (!book) {
      book = { id: 1, bids, asks, pending: new Map() };
      this.books.set(symbol, book);
      return book;
    }
    const changedBids = changes(book.bids, bids);
    const changedAsks = changes(book.asks, asks);
    if (!changedBids.size && !changedAsks.size) return book;
    const id = ++book.id;
    book.bids = bids;
    book.asks = asks;
    for (const cadence of this.cadences) {
      const run = book.pending.get(cadence);
      if (!run)
        book.pending.set(cadence, {
          U: id,
          u: id,
          bids: changedBids,
          asks: changedAsks,
        });
      else {
        run.u = id;
        for (const [p, q] of changedBids) run.bids.set(p, q);
        for (const [p, q] of changedAsks) run.asks.set(p, q);
      }
    }
    return book;
  }

  /** The numbered levels of a book, best first, `limit` each side, read again first (the REST snapshot). */
  snapshot(symbol: string, limit: number): NumberedLevels {
    this.sync(symbol);
    return this.levels(symbol, limit)!;
  }

  /** The numbered levels as they stand, best first, `limit` each side; undefined for a book not read yet. */
  levels(symbol: string, limit: number): NumberedLevels | undefined {
    const book = this.books.get(symbol);
    if (!book) return undefined;
    const sorted = (side: Levels, up: boolean) =>
      [...side].sort((a, b) => (up ? a[0] - b[0] : b[0] - a[0])).slice(0, limit);
    return {
      id: book.id,
      bids: sorted(book.bids, false),
      asks: sorted(book.asks, true),
    };
  }

  /** Reads a book again if it is numbered already (a bus event's book); books nobody asked for are left alone. */
  syncNumbered(symbol: string): void {
    if (this.books.has(symbol)) this.sync(symbol);
  }

  /** Takes the changes collected for a cadence since it last took them, per book. */
  take(cadence: number): Array<[string, BookChanges]> {
    const out: Array<[string, BookChanges]> = [];
    for (const [symbol, book] of this.books) {
      const run = book.pending.get(cadence);
      if (!run) continue;
      book.pending.delete(cadence);
      out.push([symbol, run]);
    }
    return out;
  }
}

/** The levels that differ from `before` to `after`: the new quantity, 0 for a level gone. */
function changes(before: Levels, after: Levels): Levels {
  const out: Levels = new Map();
  for (const [p, q] of after) if (before.get(p) !== q) out.set(p, q);
  for (const p of before.keys()) if (!after.has(p)) out.set(p, 0);
  return out;
}
