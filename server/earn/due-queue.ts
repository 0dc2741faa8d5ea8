/**
 * Open orders by the time they end, earliest first (a binary heap of [endAt, id]): the maturity job looks at the
 * front instead of scanning every open order. Orders redeemed early stay in the heap and are skipped when they
 * reach the front (`isOpen`).
 */
export class DueQueue {
  private heap: Array<[number, number]> = [];

  get size(): number {
    return this.heap.length;
  }

  push(endAt: number, id: number): void {
    const h = this.heap;
    h.push([endAt, id]);
    let i = h.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!less(h[i]!, h[parent]!)) break;
      [h[i], h[parent]] = [h[parent]!, h[i]!];
      i = parent;
    }
  }

  /** The ids of up to `limit` open orders that end at or before `now`, earliest first, taken off the queue. */
  takeDue(now: number, limit: number, isOpen: (id: number) => boolean): number[] {
    const out: number[] = [];
    while (out.length < limit && this.heap.length) {
      const [endAt, id] = this.heap[0]!;
      if (isOpen(id) && endAt > now) break;
      this.pop();
      if (isOpen(id)) out.push(id);
    }
    return out;
  }

  /** Whether an open order ends at or before `now` (dropping ended orders found at the front). */
  hasDue(now: number, isOpen: (id: number) => boolean): boolean {
    while (this.heap.length && !isOpen(this.heap[0]![1])) this.pop();
    return this.heap.length > 0 && this.heap[0]![0] <= now;
  }

  private pop(): void {
    const h = this.heap;
    const last = h.pop()!;
    if (!h.length) return;
    h[0] = last;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < h.length && less(h[l]!, h[m]!)) m = l;
      if (r < h.length && less(h[r]!, h[m]!)) m = r;
      if (m === i) return;
      [h[i], h[m]] = [h[m]!, h[i]!];
      i = m;
    }
  }
}

const less = (a: [number, number], b: [number, number]) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
