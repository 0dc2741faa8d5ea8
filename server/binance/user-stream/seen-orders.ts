/**
 * What a user stream (spot's executionReport, futures' ORDER_TRADE_UPDATE) keeps between two change notes: the
 * orders it has seen open, with their market, so that it tells how each ends even once the order is no longer among
 * the newest it reads; and how much of an order had filled before the fills it is about to tell, so each TRADE
 * step carries the order's cumulative quantity and value up to that fill (Binance's `z` and `Z`).
 */
export class SeenOrders {
  private readonly open = new Map<number, string>();

  /** Whether the stream saw the order open: its end is then told, however old the order is. */
  wasOpen(id: number): boolean {
    return this.open.has(id);
  }

  /** The orders of a market the stream saw open. */
  openIn(symbol: string): number[] {
    return [...this.open].filter(([, s]) => s === symbol).map(([id]) => id);
  }

  /** Notes where an order stands once its steps are told: still open, or ended (forgotten). */
  note(id: number, symbol: string, open: boolean): void {
    if (open) this.open.set(id, symbol);
    else this.open.delete(id);
  }
}

/**
 * What an order had filled, in quantity and value, before `own` (the fills about to be told): the total less theirs.
 */
export function filledBefore<F>(
  filled: { qty: bigint; value: bigint },
  own: readonly F[],
  of: (fill: F) => { qty: bigint; value: bigint },
): { qty: bigint; value: bigint } {
  let { qty, value } = filled;
  for (const f of own) {
    const step = of(f);
    qty -= step.qty;
    value -= step.value;
  }
  return { qty, value };
}
