import { randomInt } from 'node:crypto';
import type { Clock } from '../../clock/clock.ts';
import type { Queryable } from '../../storage/db.ts';
import { BinanceError } from '../binance-error.ts';
import { deleteKey, extendKey, keyOfUser, replaceKey, type StreamProduct } from './listen-keys.repo.ts';

/** A key lives 60 minutes from its making or its last keepalive (developers.binance.com, "User Data Streams"). */
export const LISTEN_KEY_TTL_MS = 60 * 60_000;
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const KEY_LENGTH = 60;

/** Binance's answer for a key that is unknown, expired or another user's: the same, so keys reveal nothing. */
export const noSuchKey = () => new BinanceError(400, -1125, 'This listenKey does not exist.');

const newKey = () => Array.from({ length: KEY_LENGTH }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('');

/** POST: the user's live key for the product, extended, or a new one when none is live. */
export async function openKey(q: Queryable, clock: Clock, userId: number, product: StreamProduct): Promise<string> {
  const now = clock.now();
  const expiresAt = now + LISTEN_KEY_TTL_MS;
  const held = await keyOfUser(q, userId, product);
  if (held && (await extendKey(q, { ...held, userId, product, expiresAt }, now))) return held.listenKey;
  const listenKey = newKey();
  await replaceKey(q, { listenKey, userId, product, expiresAt }, now);
  return listenKey;
}

/**
 * PUT: another 60 minutes for a live key of the caller's. Futures' call names no key (one per user), so an absent
 * one means the caller's own.
 */
export async function keepAlive(
  q: Queryable,
  clock: Clock,
  userId: number,
  product: StreamProduct,
  listenKey: string | undefined,
): Promise<void> {
  const now = clock.now();
  const key = listenKey ?? (await keyOfUser(q, userId, product))?.listenKey;
  const expiresAt = now + LISTEN_KEY_TTL_MS;
  if (!key || !(await extendKey(q, { listenKey: key, userId, product, expiresAt }, now))) throw noSuchKey();
}

/** DELETE: closes a live key of the caller's; its sockets end at their next check. */
export async function closeKey(
  q: Queryable,
  clock: Clock,
  userId: number,
  product: StreamProduct,
  listenKey: string | undefined,
): Promise<void> {
  const key = listenKey ?? (await keyOfUser(q, userId, product))?.listenKey;
  if (!key || !(await deleteKey(q, { listenKey: key, userId, product }, clock.now()))) throw noSuchKey();
}
