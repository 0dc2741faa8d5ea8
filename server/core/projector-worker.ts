import { Worker } from 'node:worker_threads';
import type { CorePartOptions } from '../feature.ts';
import type { Db } from '../storage/db.ts';
import type { CorePart } from './command.ts';
import type { BatchRows, ProjectionThread } from './projector.ts';

/**
 * What the thread opens a projector on: the database's files, and the parts whose rows it writes in the core's
 * order.
 */
export interface ThreadProjection {
  file: string;
  ownJournal: boolean;
  /**
   * The core's connection's `wal_autocheckpoint`, which the thread's takes: 0 where a checkpointer thread of its own
   * copies the WAL into the file (server/storage/sqlite.ts), else a commit past that many pages does it.
   */
  autoCheckpoint: number;
  parts: string[];
  partOptions: CorePartOptions;
  logLevel: string;
}

/** The messages to the thread (server/core/projector-thread.ts): each but `open` answers `{ id, error? }`. */
export type ThreadRequest =
  | { open: number; projection: ThreadProjection }
  | { id: number; handle: number; batches: BatchRows[] }
  | { id: number; close: number };
export interface ThreadReply {
  id: number;
  error?: unknown;
}

/**
 * The process's projector thread, shared by every projector on a database file (tests start many cores; a server
 * one). It keeps the process alive only while a request is out, so a core never stopped does not hold it open.
 */
class Thread {
  readonly worker = new Worker(new URL('./projector-thread.ts', import.meta.url));
  /** Projectors whose connection this thread has opened. */
  readonly opened = new Set<number>();
  private readonly pending = new Map<number, { resolve: () => void; reject: (err: unknown) => void }>();
  private next = 0;

  constructor() {
    this.worker.unref();
    this.worker.on('message', (r: ThreadReply) => {
      const p = this.pending.get(r.id);
      this.pending.delete(r.id);
      if (!this.pending.size) this.worker.unref();
      if (r.error === undefined) p?.resolve();
      else p?.reject(r.error);
    });
    // A thread that crashed or exited fails what it was asked, and the next request starts another: a write
    // retried (the journal still has its batches) reopens its projector's connection there.
    this.worker.on('error', (err) => this.end(err));
    this.worker.on('exit', (code) => this.end(new Error(`the projector thread exited (code ${code})`)));
  }

  send(request: ThreadRequest): void {
    this.worker.postMessage(request);
  }

  ask(request: (id: number) => ThreadRequest): Promise<void> {
    const id = ++this.next;
    return new Promise((resolve, reject) => {
      // A value that does not clone (a function in a part's rows) fails here, with nothing left waiting.
      this.worker.postMessage(request(id));
      this.pending.set(id, { resolve, reject });
      this.worker.ref();
    });
  }

  private end(err: unknown): void {
    if (thread === this) thread = undefined;
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }
}

let thread: Thread | undefined;
let handles = 0;

/**
 * A projector's transactions in the projector thread, on a connection of its own to the database file: the core's
 * thread only posts the batches (a structured clone) and waits for the commit. Projectors of one process share the
 * thread; each has its own connection there, and the thread writes one transaction at a time.
 */
export class WorkerProjection implements ProjectionThread {
  private readonly handle = ++handles;
  private readonly projection: ThreadProjection;
  private opened: Thread | undefined;

  constructor(projection: ThreadProjection) {
    this.projection = projection;
    // Started now: the thread loads its modules while the core loads its state.
    this.open();
  }

  project(batches: BatchRows[]): Promise<void> {
    const t = this.open();
    return t.ask((id) => ({ id, handle: this.handle, batches }));
  }

  /**
   * Closes this projector's connection in the thread (the core has stopped). The thread stays, idle and holding
   * nothing, for the others and the next core: a new one loads the parts' modules again (about 0.4 s), and the
   * earn property test, which restarts its core at every simulated crash, took 50 s instead of 5 when the thread
   * ended with its last projector.
   */
  async close(): Promise<void> {
    const t = this.opened;
    this.opened = undefined;
    if (t && t === thread && t.opened.delete(this.handle)) await t.ask((id) => ({ id, close: this.handle }));
  }

  private open(): Thread {
    const t = (thread ??= new Thread());
    if (!t.opened.has(this.handle)) {
      t.send({ open: this.handle, projection: this.projection });
      t.opened.add(this.handle);
    }
    this.opened = t;
    return t;
  }
}

/**
 * The core's projection in the thread when its database is a SQLite file (one in memory has no file to share);
 * `parts` are the core's, every one built from server/core-parts.ts, as the thread builds their writers.
 */
export async function workerProjection(
  db: Db,
  parts: readonly CorePart[],
  partOptions: CorePartOptions,
  logLevel: string,
): Promise<WorkerProjection | undefined> {
  if (db.dialect !== 'sqlite' || !db.file) return undefined;
  const writers = parts.filter((p) => p.write).map((p) => p.name);
  const pragma = await db.get<{ wal_autocheckpoint: bigint }>('PRAGMA wal_autocheckpoint');
  return new WorkerProjection({
    file: db.file,
    ownJournal: db.journal !== undefined,
    autoCheckpoint: Number(pragma!.wal_autocheckpoint),
    parts: writers,
    partOptions,
    logLevel,
  });
}
