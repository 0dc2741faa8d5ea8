import type { Queryable } from '../storage/db.ts';
import type { RiskEngine } from './risk/risk-engine.ts';

/** What a command may use while the core decides it: the balances and holds, its product's state, the time. */
export interface CommandContext {
  /** The command's time: the batch's, journaled with it, so a replay decides the same. */
  readonly now: number;
  readonly risk: RiskEngine;
  /** A product's in-memory state (its CorePart), by name. */
  part<T extends CorePart>(name: string): T;
  /** Something that happened, for the in-process listeners once the batch is durable (market data, feeds). */
  emit(event: string, payload: unknown): void;
}

/**
 * The strings of one journaled batch, each written once (server/core/journal/batch-body.ts): a hot command's codec
 * journals an asset, a symbol or a bill type as its number here. A batch names the same few strings thousands of
 * times, and JSON.parse makes a string object for each one it reads, where a number costs it nothing.
 */
export class BatchStrings {
  readonly list: string[] = [];
  private readonly ids = new Map<string, number>();

  id(s: string): number {
    let n = this.ids.get(s);
    if (n === undefined) {
      n = this.list.push(s) - 1;
      this.ids.set(s, n);
    }
    return n;
  }
}

/**
 * A string a codec journaled with `BatchStrings.id`: its number in the batch's strings, or the string itself in a
 * batch journaled before batches had strings. A field that holds a string is never a number otherwise.
 */
export const readString = (v: unknown, strings: readonly string[]): string =>
  typeof v === 'number' ? strings[v]! : (v as string);

/**
 * A kind of command (docs/architecture.md, "The trading core"). `apply` decides it against memory and must depend on
 * nothing but the state, the payload and `ctx.now`: replaying the journal runs it again and must end in the same
 * state. It either refuses before it changes anything (a domain failure) or succeeds; the payload is journaled in
 * the compact form `encode` gives, which may name strings by their number in the batch's `strings`.
 */
export interface CommandType<P, R> {
  readonly type: string;
  encode(payload: P, strings: BatchStrings): unknown;
  decode(encoded: unknown, strings: readonly string[]): P;
  apply(ctx: CommandContext, payload: P): R;
}

/**
 * The common shape of a command: its payload journaled as it is, bigints as `"123n"` strings (bigJson below).
 */
export function jsonCommand<P, R>(type: string, apply: (ctx: CommandContext, payload: P) => R): CommandType<P, R> {
  return { type, encode: bigJson.encode, decode: (v) => bigJson.decode<P>(v), apply };
}

/**
 * A command whose payload is a few plain JSON fields (no bigints), journaled compactly as the tuple of their values
 * in `fields` order. That order is the journal's format: a replay reads old batches by it, so it never changes.
 */
export function tupleCommand<P extends object, R>(
  type: string,
  fields: ReadonlyArray<keyof P & string>,
  apply: (ctx: CommandContext, payload: P) => R,
): CommandType<P, R> {
  return {
    type,
    encode: (payload) => fields.map((f) => payload[f]),
    decode(encoded) {
      const values = encoded as unknown[];
      const payload: Record<string, unknown> = {};
      fields.forEach((f, i) => (payload[f] = values[i]));
      return payload as P;
    },
    apply,
  };
}

/**
 * A hot command journaled as a tuple of its own making: `encode` answers an array, `decode` reads it back, bigints as
 * `amountOut` writes them. It replaces a jsonCommand of the same type, so a journal written before holds that
 * command's payload in the old form, an object (never an array: this is only for object payloads), read as then.
 */
export function compactCommand<P extends object, R>(
  type: string,
  codec: {
    encode(payload: P, strings: BatchStrings): unknown[];
    decode(encoded: unknown[], strings: readonly string[]): P;
  },
  apply: (ctx: CommandContext, payload: P) => R,
): CommandType<P, R> {
  return {
    type,
    encode: codec.encode,
    decode: (v, strings) => (Array.isArray(v) ? codec.decode(v, strings) : bigJson.decode<P>(v)),
    apply,
  };
}

/**
 * A bigint in a compact payload: a JSON number while it is a safe integer (both ways exact, and `BigInt` reads a
 * number faster than digits), else its digits. Either reads back with `BigInt`.
 */
export function amountOut(v: bigint): number | string {
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : v.toString();
}

/**
 * A product's state inside the core (books and orders, contracts, positions, loans), with the holds it owns.
 * It is saved in snapshots, rebuilt from its own tables when there is no snapshot, and projected into those
 * tables behind the journal.
 */
export interface CorePart {
  readonly name: string;
  /**
   * Called once with the core's risk engine and its other parts, before anything else (a part that sets the
   * engine's hooks, or plugs a risk rule into another part's books).
   */
  attach?(risk: RiskEngine, part: <T extends CorePart>(name: string) => T): void;
  /** Rebuilds the state and the holds it owns from the tables (as the projector last left them). */
  load(q: Queryable, risk: RiskEngine): Promise<void>;
  /** Its state as plain JSON values, in a fixed order: the snapshot holds it and the state hash is taken over it. */
  snapshot(): unknown;
  restore(data: unknown): void;
  /** What the commands of one batch changed, for `write`; called after each batch, nothing when unchanged. */
  takeRows?(): unknown;
  /** Writes the rows of several batches, oldest first, inside the projector's transaction. */
  write?(q: Queryable, rows: unknown[]): Promise<void>;
}

/** Values with bigints, as journal payloads: bigints become `"123n"` strings. */
const bigJson = {
  encode: (value: unknown): unknown => withBigints(value, (v) => (typeof v === 'bigint' ? `${v}n` : v)),
  // Replay decodes every journaled command: a walk over the parsed value, not another JSON round trip.
  // The last character first: most strings are not bigints, and a char code costs less than the regex.
  decode: <T>(encoded: unknown): T =>
    withBigints(encoded, (v) =>
      typeof v === 'string' && v.charCodeAt(v.length - 1) === N && BIGINT.test(v) ? BigInt(v.slice(0, -1)) : v,
    ) as T,
};

const BIGINT = /^-?\d+n$/;
const N = 'n'.charCodeAt(0);

/** A copy of a JSON-like value with each leaf passed through `leaf`. */
function withBigints(value: unknown, leaf: (v: unknown) => unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => withBigints(v, leaf));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    // for-in over a parsed or plain object: its own keys, without an array of entries per object.
    for (const k in value) {
      const v = (value as Record<string, unknown>)[k];
      if (v !== undefined) out[k] = withBigints(v, leaf);
    }
    return out;
  }
  return leaf(value);
}
