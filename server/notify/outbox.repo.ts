import type { OutboxEntry } from '../../isomorphic/contract/outbox.ts';
import { num, type Queryable } from '../storage/db.ts';
import { pageOf } from '../storage/paging.ts';

/** Which channels have a transport that takes messages off this server. */
export type Transports = Record<OutboxMessage['channel'], boolean>;

export interface OutboxMessage {
  channel: 'email' | 'sms';
  target: string;
  subject: string;
  body: string;
}

/** Writes a message before any delivery is tried, so the outbox holds everything the platform ever sent. */
export async function insertMessage(q: Queryable, msg: OutboxMessage, now: number): Promise<number> {
  const row = await q.get<{ id: unknown }>(
    'INSERT INTO outbox (channel, target, subject, body, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id',
    [msg.channel, msg.target, msg.subject, msg.body, now],
  );
  return num(row!.id);
}

/** Marks a message as handed to its transport. */
export async function markDelivered(q: Queryable, id: number, now: number): Promise<void> {
  await q.run('UPDATE outbox SET delivered_at = ? WHERE id = ?', [now, id]);
}

/** Records why a transport refused a message. */
export async function markFailed(q: Queryable, id: number, error: string): Promise<void> {
  await q.run('UPDATE outbox SET error = ? WHERE id = ?', [error, id]);
}

/** A page of the outbox, newest first. `transports` says which channels have one; the others' messages stay here. */
export async function listMessages(
  q: Queryable,
  page: number,
  size: number,
  transports: Transports,
): Promise<{ total: number; records: OutboxEntry[] }> {
  const { total, rows } = await pageOf<Record<string, unknown>>(
    q,
    {
      select: 'id, channel, target, subject, body, created_at, delivered_at, error',
      from: 'FROM outbox',
      order: 'id DESC',
    },
    { page, size },
  );
  const records = rows.map((r): OutboxEntry => {
    const channel = r.channel as OutboxEntry['channel'];
    const status = r.error ? 'failed' : r.delivered_at ? 'delivered' : transports[channel] ? 'pending' : 'kept';
    return {
      id: num(r.id),
      channel,
      target: String(r.target),
      subject: String(r.subject),
      body: String(r.body),
      time: num(r.created_at),
      status,
    };
  });
  return { total, records };
}
