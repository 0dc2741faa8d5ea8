import { formatAmount } from '../../../isomorphic/format/index.ts';
import type { T } from '../i18n/client.ts';
import { percentOf } from '../referral/rates.ts';

/**
 * One audit line's detail as an operator reads it:
 * auditSummary('{"orderNo":"R1","coin":"USDT","amount":"1000.00000000", "fee":"1.00000000","reason":"blurry"}', t) →
 * 'Order R1 · 1,000 USDT · fee 1 USDT · reason: blurry'. Amounts come as decimals from the server (GET
 * /api/admin/audit); fields it does not know are shown as `name: value`.
 */
export function auditSummary(detail: string, t: T): string {
  let d: Record<string, unknown>;
  try {
    d = JSON.parse(detail) as Record<string, unknown>;
  } catch {
    return detail;
  }
  const coin = typeof d.coin === 'string' ? d.coin : '';
  const money = (v: unknown) =>
    `${formatAmount(String(v), 8, { grouping: true, pad: false })}${coin ? ` ${coin}` : ''}`;
  const parts: string[] = [];
  for (const [key, value] of Object.entries(d)) {
    if (value === null || value === undefined || key === 'coin' || (key === 'note' && value === '')) continue;
    if (key === 'orderNo') parts.push(t('admin.audit.order', { orderNo: String(value) }));
    else if (key === 'amount') parts.push(money(value));
    else if (key === 'fee') parts.push(t('admin.audit.fee', { amount: money(value) }));
    else if (key === 'maxPerSwap') parts.push(`${t('admin.swap.maxPerSwap')}: ${money(value)}`);
    else if (key === 'reason') parts.push(t('admin.audit.reason', { reason: String(value) }));
    else if (key === 'note') parts.push(t('admin.audit.note', { note: String(value) }));
    else if (key === 'limits' && Array.isArray(value))
      parts.push(
        (value as string[])
          .map((v, level) => t('admin.audit.limit', { level: t(`identity.level.${level}`), amount: money(v) }))
          .join(', '),
      );
    else if (key === 'rebateRates') {
      const { before, after } = value as { before: number[]; after: number[] };
      parts.push(
        t('admin.audit.rebateRates', {
          before: before.map((r) => `${percentOf(r)}%`).join(' / '),
          after: after.map((r) => `${percentOf(r)}%`).join(' / '),
        }),
      );
    } else if (key === 'trades' || key === 'rebates' || key === 'leaves')
      parts.push(t(`admin.audit.${key}`, { n: String(value) }));
    else if (key === 'root') parts.push(t('admin.audit.root', { root: String(value) }));
    else if (key === 'rates' && Array.isArray(value))
      parts.push(
        (value as Array<{ exchange_code: string; rate: string }>).map((r) => `${r.exchange_code} ${r.rate}`).join(', '),
      );
    else parts.push(`${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`);
  }
  return parts.join(' · ');
}
