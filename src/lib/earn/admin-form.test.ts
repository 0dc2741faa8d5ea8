import { describe, expect, it } from 'vitest';
import { EARN_KINDS, productBody, type EarnProduct } from '../../../isomorphic/contract/earn.ts';
import { loadArea } from '../../../isomorphic/i18n/dictionary.node.ts';
import {
  bodyOf,
  checkAmount,
  draftOf,
  emptyDraft,
  poolFree,
  productProblems,
  type ProductDraft,
} from './admin-form.ts';

const good: ProductDraft = {
  kind: 'pledge',
  name: 'USDT staking · 14 days',
  coin: 'usdt',
  dailyRate: '0.0006',
  cycleDays: '14',
  minAmount: '50',
  maxAmount: '1000',
  perUser: '3',
  capacity: '20000',
  earlyRedeem: 'forfeit',
  open: true,
  names: { 'zh-CN': 'USDT 质押 · 14 天' },
};
const keysOf = (d: Partial<ProductDraft>) => productProblems({ ...good, ...d }).map((p) => [p.field, p.key]);

describe('the console’s earn product form', () => {
  it('passes a good product and sends it as the contract takes it', () => {
    expect(productProblems(good)).toEqual([]);
    const body = bodyOf({ ...good, name: '  USDT staking · 14 days ', cycleDays: ' 14' });
    expect(body).toEqual({
      kind: 'pledge',
      name: 'USDT staking · 14 days',
      coin: 'usdt',
      dailyRate: '0.0006',
      cycleDays: 14,
      minAmount: '50',
      maxAmount: '1000',
      perUser: 3,
      capacity: '20000',
      earlyRedeem: 'forfeit',
      open: true,
      names: { 'zh-CN': 'USDT 质押 · 14 天' },
    });
    expect(productBody.safeParse(body).success).toBe(true);
    expect(bodyOf({ ...good, id: 7 }).id).toBe(7);
  });

  it('refuses what the contract refuses, with the contract’s own message key', () => {
    const cases: Array<[Partial<ProductDraft>, string]> = [
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(81) }, 'name'],
      [{ coin: 'U' }, 'coin'],
      [{ coin: 'US-DT' }, 'coin'],
      [{ coin: 'ABCDEFGHIJK' }, 'coin'],
      [{ cycleDays: '0' }, 'cycleDays'],
      [{ cycleDays: '3651' }, 'cycleDays'],
      [{ perUser: '1001' }, 'perUser'],
    ];
    for (const [change, field] of cases) {
      const parsed = productBody.safeParse(bodyOf({ ...good, ...change }));
      expect(parsed.success, JSON.stringify(change)).toBe(false);
      const issue = parsed.error!.issues[0]!;
      expect(issue.path[0]).toBe(field);
      expect(keysOf(change)).toEqual([[field, issue.message]]);
    }
    // Not numbers at all: the client names the rule before anything could be sent.
    expect(keysOf({ cycleDays: '7.5', perUser: 'many' })).toEqual([
      ['cycleDays', 'validation.earnCycle'],
      ['perUser', 'validation.integer'],
    ]);
    expect(
      productBody.safeParse(
        bodyOf({ ...good, name: 'x'.repeat(80), coin: 'ABCDEFGHIJ', cycleDays: '3650', perUser: '0' }),
      ).success,
    ).toBe(true);
    expect(keysOf({ name: 'x'.repeat(80), coin: 'ABCDEFGHIJ', cycleDays: '3650', perUser: '0' })).toEqual([]);
  });

  it('checks the rate and the amounts as the earn service does', () => {
    for (const rate of ['0', '0.05000001', '-0.001', '1e-3', '0.000000001', ''])
      expect(keysOf({ dailyRate: rate }), rate).toEqual([['dailyRate', 'error.earnRateInvalid']]);
    expect(keysOf({ dailyRate: '0.05' })).toEqual([]);
    expect(keysOf({ dailyRate: '0.00000001' })).toEqual([]);
    expect(keysOf({ minAmount: '' })).toEqual([['minAmount', 'error.orderFieldRequired']]);
    expect(keysOf({ minAmount: '1,5' })).toEqual([['minAmount', 'error.invalidNumber']]);
    expect(keysOf({ maxAmount: '1.000000001' })).toEqual([['maxAmount', 'error.tooPrecise']]);
    expect(keysOf({ capacity: '1000000000.00000001' })).toEqual([['capacity', 'error.tooLarge']]);
    expect(keysOf({ minAmount: '0' })).toEqual([['minAmount', 'error.mustBePositive']]);
    expect(productProblems({ ...good, minAmount: 'x' })[0]!.params).toEqual({
      field: 'earn.field.minAmount',
      decimals: 8,
    });
  });

  it('wants min ≤ max ≤ capacity, equal allowed', () => {
    expect(keysOf({ minAmount: '1001' })).toEqual([['maxAmount', 'error.earnLimitsInvalid']]);
    expect(keysOf({ capacity: '999' })).toEqual([['maxAmount', 'error.earnLimitsInvalid']]);
    expect(keysOf({ minAmount: '1000', capacity: '1000' })).toEqual([]);
  });

  it('names every problem at once, in the order of the form', () => {
    expect(productProblems(emptyDraft('fixed')).map((p) => p.field)).toEqual([
      'name',
      'dailyRate',
      'cycleDays',
      'minAmount',
      'maxAmount',
      'capacity',
    ]);
  });

  it('edits a product as it stands, its amounts without trailing zeros, its English name apart from the others', () => {
    const p: EarnProduct = {
      id: 3,
      kind: 'fixed',
      // The list answers in the operator's language; the form edits English in its own box.
      name: 'USDT 定期 · 90 天',
      names: { en: 'USDT fixed · 90 days', 'zh-CN': 'USDT 定期 · 90 天' },
      coin: 'USDT',
      dailyRate: '0.00030000',
      yearlyRate: '0.10950000',
      cycleDays: 90,
      minAmount: '500.00000000',
      maxAmount: '100000.50000000',
      perUser: 0,
      capacity: '5000000.00000000',
      sold: '0.00000000',
      progress: '0.0000',
      remaining: '5000000.00000000',
      earlyRedeem: 'locked',
      open: false,
      yours: 0,
    };
    const d = draftOf(p);
    expect(d).toEqual({
      id: 3,
      kind: 'fixed',
      name: 'USDT fixed · 90 days',
      coin: 'USDT',
      dailyRate: '0.0003',
      cycleDays: '90',
      minAmount: '500',
      maxAmount: '100000.5',
      perUser: '0',
      capacity: '5000000',
      earlyRedeem: 'locked',
      open: false,
      names: { 'zh-CN': 'USDT 定期 · 90 天' },
    });
    expect(productProblems(d)).toEqual([]);
  });

  it('checks a pool top-up like any amount, and tells what a pool has free (below zero when short)', () => {
    expect(checkAmount(' 250.5 ', 'earn.field.amount')).toEqual({ ok: true, value: 25_050_000_000n });
    expect(checkAmount('-1', 'earn.field.amount')).toMatchObject({ ok: false, key: 'error.invalidNumber' });
    expect(poolFree({ coin: 'USDT', balance: '100.00000000', reserved: '12.34000000' })).toBe('87.66000000');
    expect(poolFree({ coin: 'USDT', balance: '1.00000000', reserved: '1.50000000' })).toBe('-0.50000000');
  });

  it('has a name for every kind of product and every early-redemption rule in the console’s dictionary', () => {
    const en = loadArea('earn-admin', 'en');
    for (const k of EARN_KINDS) expect(en[`admin.earn.kind.${k}`], k).toBeTruthy();
    for (const r of ['forfeit', 'locked']) expect(en[`admin.earn.early.${r}`], r).toBeTruthy();
  });
});
