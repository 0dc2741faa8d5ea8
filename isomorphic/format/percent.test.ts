import { describe, expect, it } from 'vitest';
import { changeTone, formatChangePercent } from './percent.ts';

describe('formatChangePercent', () => {
  it.each<[string | number, string]>([
    [0.001, '+0.01%'],
    [-0.004, '-0.01%'],
    [0, '0.00%'],
    [-0, '0.00%'],
    ['-0.00', '0.00%'],
    [2.345, '+2.34%'],
    [-12.5, '-12.50%'],
    [0.01, '+0.01%'],
    [0.019, '+0.01%'],
    [-0.019, '-0.01%'],
    [1e-10, '+0.01%'],
    [100, '+100.00%'],
    [-99.999, '-99.99%'],
    ['3.1', '+3.10%'],
    [1234.5678, '+1234.56%'],
    ['x', '--'],
    [Infinity, '--'],
  ])('%j → %j', (value, expected) => {
    expect(formatChangePercent(value)).toBe(expected);
  });
});

describe('changeTone', () => {
  it.each<[string | number, string]>([
    [0, 'flat'],
    ['0.00', 'flat'],
    ['-0.00', 'flat'],
    [-0, 'flat'],
    ['x', 'flat'],
    [0.001, 'up'],
    ['2.5', 'up'],
    [-0.004, 'down'],
    ['-12.50', 'down'],
  ])('%j → %s', (value, expected) => {
    expect(changeTone(value)).toBe(expected);
  });
});
