import { num, type Queryable } from '../../storage/db.ts';

const BLOCK = 10_000;

/**
 * Order and trade ids for a runner that numbers rows before they are written: each name's ids come from
 * `id_blocks` a block at a time, so every process that reserves gets ids no other process has. A block is
 * reserved inside the caller's transaction; if that transaction rolls back, `forget()` drops the block.
 */
export class IdBlocks {
  private next = 0;
  private end = 0;
  private readonly name: 'orders' | 'trades';

  constructor(name: 'orders' | 'trades') {
    this.name = name;
  }

  get remaining(): number {
    return this.end - this.next;
  }

  /** Makes sure at least `count` ids are at hand. */
  async ensure(q: Queryable, count: number): Promise<void> {
    if (this.remaining >= count) return;
    const size = Math.max(BLOCK, count);
    const row = await q.get<{ next: bigint }>('UPDATE id_blocks SET next = next + ? WHERE name = ? RETURNING next', [size, this.name]);
    const end = num(row!.next);
    // A fresh block that follows the current one extends it; ids stay increasing either way.
    if (end - size !== this.end) this.next = end - size;
    this.end = end;
  }

  take(): number {
    if (this.next >= this.end) throw new Error(`no ${this.name} id reserved`);
    return this.next++;
  }

  forget(): void {
    this.next = this.end = 0;
  }
}
