import { describe, expect, it } from 'vitest';
import { marketBoards } from './boards.ts';

const row = (symbol: string, zdf: string, turnover = '0') => ({ symbol, zdf, turnover });
const symbols = (rows: Array<{ symbol: string }>) => rows.map((r) => r.symbol);

describe('marketBoards', () => {
  it('lists only rising pairs as gainers, highest first, and only falling pairs as losers, lowest first', () => {
    const list = [
      row('A', '-0.07'),
      row('B', '3.10'),
      row('C', '0.00'),
      row('D', '12.5'),
      row('E', '-4.20'),
      row('F', '0.01'),
    ];
    const { gainers, losers } = marketBoards(list);
    expect(symbols(gainers)).toEqual(['D', 'B', 'F']);
    expect(symbols(losers)).toEqual(['E', 'A']);
  });

  it('leaves a board empty when no pair moved that way', () => {
    const { gainers, losers } = marketBoards([row('A', '-0.07'), row('B', '-1'), row('C', '0')]);
    expect(gainers).toEqual([]);
    expect(symbols(losers)).toEqual(['B', 'A']);
  });

  it('keeps five pairs a board, turnover highest first', () => {
    const list = Array.from({ length: 8 }, (_, i) => row(`P${i}`, String(i + 1), String(i * 10)));
    const { gainers, volume } = marketBoards(list);
    expect(symbols(gainers)).toEqual(['P7', 'P6', 'P5', 'P4', 'P3']);
    expect(symbols(volume)).toEqual(['P7', 'P6', 'P5', 'P4', 'P3']);
  });
});
