import { describe, expect, it } from 'vitest';
import {
  MARGIN_RECORD_KINDS,
  segmentOfMode,
  type MarginAccountView,
  type MarginLine,
  type MarginProperty,
} from '../../../isomorphic/contract/margin.ts';
import { target } from './account.ts';
import {
  accountOf,
  checkAmount,
  cleanAmount,
  collateralCoins,
  cutTo,
  isOwing,
  levelText,
  marginPairOf,
  owed,
  owedCoins,
  ratePercent,
  RECORD_KINDS,
  repayMax,
  riskOfLevel,
  shownLines,
  shownNet,
  spendable,
  tradeAccountOf,
  units,
  walletAccounts,
} from './view.ts';

const thresholds = { borrowLimit: '1.5', marginCall: '1.3', liquidation: '1.1', transferOut: '2' };

function line(coin: string, over: Partial<MarginLine> = {}): MarginLine {
  return {
    coin,
    total: '0',
    free: '0',
    onOrder: '0',
    borrowed: '0',
    interest: '0',
    netAsset: '0',
    maxBorrow: '0',
    maxTransferOut: '0',
    indexPrice: '1',
    ...over,
  };
}

function account(over: Partial<MarginAccountView> = {}): MarginAccountView {
  return {
    mode: 'cross',
    symbol: null,
    symbol_name: null,
    leverage: 3,
    level: null,
    risk: 'safe',
    totalAsset: '0',
    totalLiability: '0',
    netAsset: '0',
    thresholds,
    liquidationPrice: null,
    lines: [],
    pricedAt: 0,
    ...over,
  };
}

const property: MarginProperty = {
  cross: account({ lines: [line('USDT', { total: '100', free: '100' })] }),
  isolated: [
    account({ mode: 'isolated', symbol: 'ethusdt', symbol_name: 'ETH/USDT', leverage: 5 }),
    account({ mode: 'isolated', symbol: 'btcusdt', symbol_name: 'BTC/USDT', leverage: 10 }),
  ],
  pairs: [
    { symbol: 'btcusdt', symbol_name: 'BTC/USDT', base: 'BTC', quote: 'USDT', maxLeverage: 10 },
    { symbol: 'ethusdt', symbol_name: 'ETH/USDT', base: 'ETH', quote: 'USDT', maxLeverage: 5 },
  ],
};

describe('the risk of a margin level', () => {
  it.each([
    [null, 'safe'],
    ['2.5', 'safe'],
    ['1.50000001', 'safe'],
    ['1.5', 'noBorrow'],
    ['1.31', 'noBorrow'],
    ['1.3', 'marginCall'],
    ['1.1000001', 'marginCall'],
    ['1.1', 'liquidation'],
    ['0.95', 'liquidation'],
  ] as const)('%s is %s (at or below a threshold, its rule acts)', (level, risk) => {
    expect(riskOfLevel(level, thresholds)).toBe(risk);
  });

  it('shows two decimals cut down, never a safer level than there is', () => {
    expect(levelText('1.309')).toBe('1.30');
    expect(levelText('12')).toBe('12.00');
    expect(levelText(null)).toBeNull();
  });
});

describe('what is owed and what may be repaid', () => {
  it('adds principal and interest exactly', () => {
    expect(owed(line('BTC', { borrowed: '0.1', interest: '0.00000125' }))).toBe('0.10000125');
    expect(owed(undefined)).toBe('0');
    expect(isOwing(line('BTC', { interest: '0.00000001' }))).toBe(true);
    expect(isOwing(line('BTC'))).toBe(false);
  });

  it('repays no more than the free balance', () => {
    expect(repayMax(line('USDT', { borrowed: '100', interest: '0.5', free: '40' }))).toBe('40');
    expect(repayMax(line('USDT', { borrowed: '100', interest: '0.5', free: '400' }))).toBe('100.5');
    expect(repayMax(undefined)).toBe('0');
  });

  it('lets an auto-borrowing order spend what may still be borrowed', () => {
    expect(spendable('10', '90.5', true)).toBe('100.5');
    expect(spendable('10', '90.5', false)).toBe('10');
  });

  it('lists the coins owed for the repay dialog', () => {
    expect(owedCoins(account({ lines: [line('BTC', { borrowed: '1' }), line('USDT', { total: '5' })] }))).toEqual([
      'BTC',
    ]);
  });
});

describe('a dialog amount', () => {
  it.each([
    ['', { key: 'required' }],
    ['  ', { key: 'required' }],
    ['-5', { key: 'negative' }],
    ['abc', { key: 'invalid' }],
    ['1e5', { key: 'invalid' }],
    ['0', { key: 'zero' }],
    ['0.000000001', { key: 'tooPrecise', decimals: 8 }],
    ['100.00000001', { key: 'overMax', max: '100' }],
    ['100', null],
    ['12.', null],
  ] as const)('%j → %j (max 100)', (text, problem) => {
    expect(checkAmount(text, '100')).toEqual(problem);
  });

  it('is not capped when the screen does not know the most', () => {
    expect(checkAmount('1000000')).toBeNull();
    expect(cleanAmount(' 12. ')).toBe('12');
  });
});

describe('which account a screen shows', () => {
  it('finds the cross account and an isolated pair', () => {
    expect(accountOf(property, 'cross')).toBe(property.cross);
    expect(accountOf(property, 'isolated', 'btcusdt')?.leverage).toBe(10);
    expect(accountOf(property, 'isolated', 'solusdt')).toBeUndefined();
    expect(accountOf(null, 'cross')).toBeUndefined();
    expect(marginPairOf(property, 'ethusdt')?.maxLeverage).toBe(5);
  });

  it('puts the cross account first, then the isolated pairs by name', () => {
    expect(walletAccounts(property).map((a) => a.symbol_name)).toEqual([null, 'BTC/USDT', 'ETH/USDT']);
  });

  it('offers an isolated pair its two coins and the cross account every margin coin', () => {
    expect(collateralCoins(property, 'isolated', 'btcusdt')).toEqual(['BTC', 'USDT']);
    expect(collateralCoins(property, 'cross')).toEqual(['BTC', 'USDT', 'ETH']);
  });

  it("hides cross lines that hold and owe nothing, never an isolated pair's two", () => {
    const a = account({ lines: [line('BTC'), line('USDT', { total: '1' }), line('ETH', { interest: '0.1' })] });
    expect(shownLines(a).map((l) => l.coin)).toEqual(['USDT', 'ETH']);
    expect(
      shownLines(account({ mode: 'isolated', symbol: 'btcusdt', lines: [line('BTC'), line('USDT')] })).map(
        (l) => l.coin,
      ),
    ).toEqual(['BTC', 'USDT']);
  });

  it('reads the switch from the page address', () => {
    expect(tradeAccountOf('cross')).toBe('cross');
    expect(tradeAccountOf('isolated')).toBe('isolated');
    expect(tradeAccountOf('spot')).toBe('spot');
    expect(tradeAccountOf(null)).toBe('spot');
    expect(tradeAccountOf('other')).toBe('spot');
  });
});

describe('the contract, restated without zod for the islands', () => {
  it('names the same path segment', () => {
    expect(target('cross').params.segment).toBe(segmentOfMode('cross'));
    expect(target('isolated', 'btcusdt')).toEqual({
      params: { segment: segmentOfMode('isolated') },
      symbol: 'btcusdt',
    });
    expect(target('cross', 'btcusdt').symbol).toBeUndefined();
  });

  it('has the same record kinds', () => {
    expect([...RECORD_KINDS].sort()).toEqual([...MARGIN_RECORD_KINDS].sort());
  });
});

describe('numbers', () => {
  it('shows a rate as an exact percentage', () => {
    expect(ratePercent('0.00025')).toBe('0.025');
    expect(ratePercent('0.1')).toBe('10');
    expect(ratePercent('0.0000104')).toBe('0.00104');
    expect(ratePercent('1.5')).toBe('150');
  });

  it('reads wire decimals as units, cutting extra places', () => {
    expect(units('1.123456789')).toBe(112345678n);
    expect(units('x')).toBeNull();
    expect(units(null)).toBeNull();
  });

  it('cuts a wire amount once to the shown decimals', () => {
    expect(cutTo('0.06270687', 6)).toBe('0.062706');
    expect(cutTo('5', 2)).toBe('5.00');
    expect(cutTo('bad', 2)).toBe('0.00');
  });

  it('shows a net that the shown figures add up to, each cut once', () => {
    expect(shownNet('4000.00000000', ['1000.01250000'], 2)).toBe('2999.99');
    expect(shownNet('0.5', ['0.00000001', '0.00000002'], 8)).toBe('0.49999997');
    expect(shownNet('100', ['150.555'], 2)).toBe('-50.55');
    expect(shownNet('1.999', [], 2)).toBe('1.99');
  });
});
