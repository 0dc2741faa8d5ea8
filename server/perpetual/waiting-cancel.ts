import { tupleCommand, type CommandType } from '../core/command.ts';
import type { ErrorName } from '../../isomorphic/contract/codes.ts';
import { fail } from '../outcome.ts';
import type { PerpBook } from './perp-book.ts';
import { book, finish } from './perp-orders.ts';

/** A kind of order that waits in the perpetual book for a price (trailing stops, conditional orders). */
interface Waiting<T> {
  /** Its active ones by id. */
  active(b: PerpBook): ReadonlyMap<number, T>;
  /** Records its change for the projector and the feeds (and takes an ended one out of the indexes). */
  touch(b: PerpBook, o: T, now: number): void;
  /** The refusal for an id that is not one of the caller's active ones. */
  notFound: ErrorName;
}

/**
 * The command that cancels one of the caller's active waiting orders of a kind: another user's, or an ended one, is
 * not found (the same refusal, so ids of others' orders are not revealed). Answers it as it ended.
 */
export function cancelWaiting<T extends { userId: number; status: string }>(
  type: string,
  kind: Waiting<T>,
): CommandType<{ userId: number; id: number }, T> {
  return tupleCommand<{ userId: number; id: number }, T>(type, ['userId', 'id'], (ctx, { userId, id }) => {
    const b = book(ctx);
    const o = kind.active(b).get(id);
    if (!o || o.userId !== userId) fail(kind.notFound);
    o.status = 'cancelled';
    kind.touch(b, o, ctx.now);
    finish(ctx);
    return { ...o };
  });
}
