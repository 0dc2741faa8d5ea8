import type { AssetAmount } from '../../../isomorphic/contract/referral.ts';
import { formatAmount } from '../../../isomorphic/format/index.ts';
import type { T } from '../../lib/i18n/client.ts';

/** A rebate in full (they are small: 0.0925 USDT), without trailing zeros: rebate('0.09250000') → '0.0925'. */
export const rebate = (amount: string) => formatAmount(amount, 8, { grouping: true, pad: false });

/** Amounts per asset on one line each, or 0 when there are none. */
export function Amounts({ list, testId }: { list: AssetAmount[]; testId?: string }) {
  if (!list.length) return <span data-testid={testId}>0</span>;
  return (
    <span className="amounts" data-testid={testId}>
      {list.map((a) => (
        <span key={a.asset}>{rebate(a.amount)} {a.asset}</span>
      ))}
    </span>
  );
}

/** "1st generation" and so on. */
export const generationName = (t: T, g: number) => t(`referral.generation.${g}`);
