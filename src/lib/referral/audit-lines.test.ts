import { describe, expect, it } from 'vitest';
import { auditSummary } from '../wallet/audit.ts';

const t = (key: string, params: Record<string, unknown> = {}) => `${key}(${Object.values(params).join(',')})`;

describe('the console reads referral and proof audit lines', () => {
  it('as rates in percent before and after, and counts of trades, rebates and leaves', () => {
    expect(auditSummary('{"rebateRates":{"before":[2000,1000,500],"after":[3000,1250,0]}}', t)).toBe(
      'admin.audit.rebateRates(20% / 10% / 5%,30% / 12.5% / 0%)',
    );
    expect(auditSummary('{"trades":4,"rebates":9}', t)).toBe('admin.audit.trades(4) · admin.audit.rebates(9)');
    expect(auditSummary('{"root":"ab12","leaves":3}', t)).toBe('admin.audit.root(ab12) · admin.audit.leaves(3)');
  });
});
