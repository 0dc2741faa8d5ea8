import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { openPostgresTest, type TestDatabase } from '../../tests/support/databases.ts';
import { FencedError } from '../core/fence.ts';
import { CoreLease } from './lease.ts';
import { leaseHolder } from './lease.repo.ts';

const DB_URL = process.env.TEST_DATABASE_URL;
const log = pino({ level: 'silent' });

describe.skipIf(!DB_URL)('the trading core lease on PostgreSQL', () => {
  let t: TestDatabase;
  const leases: CoreLease[] = [];
  const lease = (holder: string, ttlMs: number, onLost = () => {}) => {
    const l = new CoreLease(t.db, { holder, ttlMs, log, onLost });
    leases.push(l);
    return l;
  };
  afterEach(async () => {
    for (const l of leases.splice(0)) await l.release().catch(() => {});
    await t.drop();
  });

  it('is held by one process at a time, renewed while it lives, and taken with the next token once it lapses', async () => {
    t = await openPostgresTest(DB_URL!);
    const a = lease('a', 300);
    const b = lease('b', 300);
    expect(await a.tryAcquire()).toBe(true);
    expect(a.token).toBe(1);
    // a renews it: b waits through several lease times without getting it.
    expect(await b.tryAcquire()).toBe(false);
    await new Promise((r) => setTimeout(r, 700));
    expect(await b.tryAcquire()).toBe(false);
    expect((await leaseHolder(t.db, 'core'))?.holder).toBe('a');
    // Given up on purpose, it passes at once.
    await a.release();
    expect(await b.tryAcquire()).toBe(true);
    expect(b.token).toBe(2);
  });

  it('fences a core whose lease was taken over: its transactions fail and it is told to stop', async () => {
    t = await openPostgresTest(DB_URL!);
    let lost = 0;
    const stale = lease('stale', 60_000, () => lost++);
    await stale.tryAcquire();
    await t.db.tx((q) => stale.fence(q));
    // The stale core stalls past its lease (its renewals stop, as in a long pause), and another takes it over.
    await t.db.run("UPDATE core_lease SET expires_at = 0 WHERE name = 'core'");
    const next = lease('next', 60_000);
    expect(await next.tryAcquire()).toBe(true);
    expect(next.token).toBe(2);
    await expect(
      t.db.tx(async (q) => {
        await q.run('CREATE TABLE fenced_write (x INTEGER)');
        await stale.fence(q);
      }),
    ).rejects.toBeInstanceOf(FencedError);
    expect(lost).toBe(1);
    // Its write was rolled back with the transaction; the new holder writes.
    expect(await t.db.get("SELECT to_regclass('fenced_write') AS t")).toEqual({ t: null });
    await t.db.tx((q) => next.fence(q));
  });

  it('tells the holder it lost the lease when a renewal finds another token', async () => {
    t = await openPostgresTest(DB_URL!);
    let lost = 0;
    const a = lease('a', 150, () => lost++);
    await a.tryAcquire();
    // Another process took it (as after a.'s pause): a's next renewal finds out.
    await t.db.run("UPDATE core_lease SET holder = 'b', token = token + 1 WHERE name = 'core'");
    for (let i = 0; i < 40 && !lost; i++) await new Promise((r) => setTimeout(r, 25));
    expect(lost).toBe(1);
  });
});
