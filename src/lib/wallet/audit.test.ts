import { describe, expect, it } from 'vitest';
import { auditSummary } from './audit.ts';

const t = (key: string, params: Record<string, unknown> = {}) => `${key}(${Object.values(params).join(',')})`;

describe('auditSummary', () => {
  it('shows amounts as decimals with their coin, never base units', () => {
    const line = auditSummary(
      '{"orderNo":"W1","coin":"USDT","amount":"1000.00000000","fee":"1.50000000","reason":null}',
      t,
    );
    expect(line).toBe('admin.audit.order(W1) · 1,000 USDT · admin.audit.fee(1.5 USDT)');
    expect(line).not.toMatch(/100000000000|150000000/);
  });

  it('names the reason of a rejection', () => {
    expect(auditSummary('{"orderNo":"R2","coin":"BTC","amount":"0.00120000","reason":"blurry"}', t)).toBe(
      'admin.audit.order(R2) · 0.0012 BTC · admin.audit.reason(blurry)',
    );
  });

  it('names an operator’s note (OTC reviews and rulings), and leaves an empty one out', () => {
    expect(auditSummary('{"note":"bank receipt checked"}', t)).toBe('admin.audit.note(bank receipt checked)');
    expect(auditSummary('{"note":""}', t)).toBe('');
  });

  it('lists changed rates by currency', () => {
    expect(
      auditSummary('{"rates":[{"exchange_code":"CNY","rate":"7.2"},{"exchange_code":"EUR","rate":"0.92"}]}', t),
    ).toBe('CNY 7.2, EUR 0.92');
  });

  it('lists the withdrawal limits per verification level', () => {
    expect(auditSummary('{"limits":["2000","50000","2000000"]}', t)).toBe(
      'admin.audit.limit(identity.level.0(),2,000), admin.audit.limit(identity.level.1(),50,000), admin.audit.limit(identity.level.2(),2,000,000)',
    );
  });

  it('keeps what it does not know readable, and text that is not JSON as it is', () => {
    expect(auditSummary('{"memo":"x","n":2}', t)).toBe('memo: x · n: 2');
    expect(auditSummary('plain', t)).toBe('plain');
  });
});
