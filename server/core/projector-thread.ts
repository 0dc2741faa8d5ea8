/**
 * The projector thread (started by server/core/projector-worker.ts): each projector of the process opens a
 * connection to its database here, with the writers of its parts, and the batches it posts are written as on the
 * core's thread (Projector.project: one transaction with the projection cursor), one transaction at a time.
 */
import { parentPort } from 'node:worker_threads';
import pino from 'pino';
import { CORE_PARTS } from '../core-parts.ts';
import type { Feature } from '../feature.ts';
import { forgetAccountIds } from '../ledger/ledger.ts';
import { openDb, type Db } from '../storage/db.ts';
import type { CorePart } from './command.ts';
import { projectedSeq } from './journal/journal.repo.ts';
import { Projector, type BatchRows } from './projector.ts';
import type { ThreadProjection, ThreadReply, ThreadRequest } from './projector-worker.ts';

interface Opened {
  db: Db;
  projector: Projector;
}

const port = parentPort!;
const opened = new Map<number, Promise<Opened>>();
// One transaction at a time over every connection: two open at once in one thread would wait for each other's lock.
let tail: Promise<unknown> = Promise.resolve();

async function open(p: ThreadProjection): Promise<Opened> {
  const db = await openDb({ sqliteFile: p.file, ownJournal: p.ownJournal });
  await db.exec(`PRAGMA wal_autocheckpoint = ${p.autoCheckpoint}; PRAGMA cache_size = -65536`);
  const built = new Map<string, CorePart>();
  for (const make of Object.values(CORE_PARTS) as Array<NonNullable<Feature['coreParts']>>)
    for (const part of await make(p.partOptions, db)) built.set(part.name, part);
  const parts = p.parts.map((name) => {
    const part = built.get(name);
    if (!part?.write) throw new Error(`the projector thread has no writer for core part ${name}`);
    return part;
  });
  return { db, projector: new Projector(db, pino({ level: p.logLevel }), parts) };
}

async function write(handle: number, batches: BatchRows[]): Promise<void> {
  const { db, projector } = await opened.get(handle)!;
  // A thread that died after its commit and before its answer leaves batches the journal has again: the cursor
  // moved with their rows, so they are not written twice.
  const cursor = await projectedSeq(db);
  const due = batches.filter((b) => b.seq > cursor);
  if (!due.length) return;
  try {
    await projector.project(due);
  } catch (err) {
    // Accounts its transaction made are gone with it.
    forgetAccountIds(db.scope);
    throw err;
  }
}

async function close(handle: number): Promise<void> {
  const o = opened.get(handle);
  opened.delete(handle);
  await (await o)?.db.close();
}

function answer(id: number, error?: unknown): void {
  try {
    port.postMessage({ id, ...(error === undefined ? {} : { error }) } satisfies ThreadReply);
  } catch {
    // An error with parts that do not clone (a function on it) goes as its message.
    port.postMessage({ id, error: new Error(String(error)) } satisfies ThreadReply);
  }
}

// A request the thread cannot read has an id it cannot answer: its write would wait for ever. Thrown, it ends the
// thread, whose exit fails every write the core's thread has out (projector-worker.ts), and the retry starts another.
port.on('messageerror', (err) => {
  throw err;
});

port.on('message', (r: ThreadRequest) => {
  if ('open' in r) {
    const o = open(r.projection);
    // Its failure is answered to each write that needs it.
    o.catch(() => undefined);
    opened.set(r.open, o);
    return;
  }
  const run = () => ('close' in r ? close(r.close) : write(r.handle, r.batches));
  tail = tail.then(run).then(
    () => answer(r.id),
    (err: unknown) => answer(r.id, err),
  );
});
