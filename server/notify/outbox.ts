import type { OutboxEntry } from '../../isomorphic/contract/outbox.ts';
import type { Page } from '../../isomorphic/contract/wallet.ts';
import type { Db } from '../storage/db.ts';
import { listMessages, type Transports } from './outbox.repo.ts';

/** A page of the outbox as operators read it, newest first; `transports` says which channels leave the server. */
export async function outboxPage(
  db: Db,
  page: number,
  size: number,
  transports: Transports,
): Promise<Page<OutboxEntry>> {
  return { ...(await listMessages(db, page, size, transports)), page, size };
}
