import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Requests that must be carried out at most once however often they arrive: a request the edge forwards over the
 * command queue may be delivered again when a core dies before acknowledging it, and a client retries with the
 * same Idempotency-Key after a time-out. Each command such a request submits is tagged `<key>#<n>` (its n-th
 * command), the tag is journaled with the command, and the core answers a tag it has already decided with the
 * result it gave then, instead of deciding it again (server/core/core.ts).
 */
const scope = new AsyncLocalStorage<{ key: string; owner: string; next: number }>();

/**
 * Runs fn as the request `key` of `owner`: the core commands it submits carry both. An empty owner (a client's key
 * before the request has named its account) tags nothing: two callers without an account could pick the same key.
 */
export function withRequestKey<T>(key: string, owner: string, fn: () => T): T {
  return scope.run({ key, owner, next: 0 }, fn);
}

/**
 * Names the account the running request acts for, once it is authenticated: a client's key is then that account's
 * (as a client order id is on Binance), the same whichever session or device retries it, and never another's.
 */
export function ownRequest(account: string): void {
  const s = scope.getStore();
  if (s) s.owner = account;
}

/** The tag of the next command of the request running now, or nothing outside one or before it has an owner. */
export function nextCommandTag(): string | undefined {
  const s = scope.getStore();
  return s?.owner ? `${s.owner}:${s.key}#${s.next++}` : undefined;
}

/** How long a decided tag is remembered: longer than any redelivery or client retry takes. */
const REQUEST_MEMORY_MS = 15 * 60_000;

type Encoded = Array<[tag: string, at: number, value: string | undefined]>;

/** The results of tagged commands, oldest first, for REQUEST_MEMORY_MS. */
export class RequestMemory {
  private readonly done = new Map<string, { at: number; value: unknown }>();

  get(tag: string): { value: unknown } | undefined {
    return this.done.get(tag);
  }

  remember(tag: string, at: number, value: unknown): void {
    this.done.set(tag, { at, value: copy(value) });
    for (const [key, d] of this.done) {
      if (d.at >= at - REQUEST_MEMORY_MS) break;
      this.done.delete(key);
    }
  }

  clear(): void {
    this.done.clear();
  }

  encode(): Encoded {
    return [...this.done].map(([tag, d]) => [
      tag,
      d.at,
      JSON.stringify(d.value, (_k, v: unknown) => (typeof v === 'bigint' ? { $bigint: v.toString() } : v)),
    ]);
  }

  restore(rows: Encoded | undefined): void {
    this.done.clear();
    for (const [tag, at, value] of rows ?? []) {
      this.done.set(tag, {
        at,
        value:
          value == null
            ? undefined
            : JSON.parse(value, (_k, v: unknown) =>
                v && typeof v === 'object' && '$bigint' in v ? BigInt((v as { $bigint: string }).$bigint) : v,
              ),
      });
    }
  }
}

/** A result kept apart from the state that made it, which goes on changing. */
function copy(value: unknown): unknown {
  try {
    return structuredClone(value);
  } catch {
    return value;
  }
}
