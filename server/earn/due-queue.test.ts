import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DueQueue } from './due-queue.ts';

describe('the due queue', () => {
  it('gives back exactly the open orders due, earliest first, as a full scan finds them', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 50 }), fc.boolean()), { maxLength: 200 }),
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 1, max: 30 }),
        (orders, now, limit) => {
          const q = new DueQueue();
          const open = new Set<number>();
          orders.forEach(([endAt, stillOpen], id) => {
            q.push(endAt, id);
            if (stillOpen) open.add(id);
          });
          const scan = orders
            .map(([endAt], id) => [endAt, id] as const)
            .filter(([endAt, id]) => open.has(id) && endAt <= now)
            .sort((a, b) => a[0] - b[0] || a[1] - b[1])
            .map(([, id]) => id);
          expect(q.hasDue(now, (id) => open.has(id))).toBe(scan.length > 0);
          const taken: number[] = [];
          for (
            let batch = q.takeDue(now, limit, (id) => open.has(id));
            batch.length;
            batch = q.takeDue(now, limit, (id) => open.has(id))
          ) {
            expect(batch.length).toBeLessThanOrEqual(limit);
            taken.push(...batch);
            for (const id of batch) open.delete(id);
          }
          expect(taken).toEqual(scan);
          expect(q.hasDue(now, (id) => open.has(id))).toBe(false);
        },
      ),
    );
  });
});
