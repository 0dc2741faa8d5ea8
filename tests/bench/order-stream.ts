/**
 * The spot order stream the trading core's benches share (core.bench.ts, persistence.bench.ts): limit orders on four
 * markets, both sides within ten ticks of the reference, so about half trade on arrival and the rest rest.
 */
import type { Db } from '../../server/storage/db.ts';

export const MARKETS = ['btcusdt', 'ethusdt', 'solusdt', 'bnbusdt'];
const PRICES: Record<string, number> = { btcusdt: 96_000, ethusdt: 3_450, solusdt: 185, bnbusdt: 640 };
const QUANTITY: Record<string, string> = { btcusdt: '0.001', ethusdt: '0.01', solusdt: '0.1', bnbusdt: '0.01' };

/** The i-th order of the stream, by one of `users`, as the spot service takes it. */
export const order = (users: number[], i: number) => {
  const symbol = MARKETS[i % MARKETS.length]!;
  const side = (i >> 2) % 2 ? ('buy' as const) : ('sell' as const);
  const ticks = ((i * 7919) % 21) - 10;
  return [
    users[i % users.length]!,
    {
      symbol,
      side,
      type: 'limit' as const,
      price: (PRICES[symbol]! + ticks * 0.01).toFixed(2),
      quantity: QUANTITY[symbol]!,
      timeInForce: 'GTC' as const,
    },
  ] as const;
};

/** A database that keeps nothing: the floor's journal. */
export const nothing: Db = {
  dialect: 'sqlite',
  scope: {},
  all: async () => [],
  get: async () => undefined,
  run: async () => 0,
  afterCommit: (fn) => fn(),
  tx: (fn) => fn(nothing),
  exec: async () => {},
  close: async () => {},
};
