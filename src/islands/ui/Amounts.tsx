import type { AssetAmount } from '../../../isomorphic/contract/referral.ts';
import { formatAmount } from '../../../isomorphic/format/index.ts';

/** Amounts per asset on one line each, every decimal there is and no more (0.0925 USDT), or 0 when there are none. */
export function Amounts({ list, testId }: { list: AssetAmount[]; testId?: string }) {
  if (!list.length) return <span data-testid={testId}>0</span>;
  return (
    <span className="amounts" data-testid={testId}>
      {list.map((a) => (
        <span key={a.asset}>
          {formatAmount(a.amount, 8, { grouping: true, pad: false })} {a.asset}
        </span>
      ))}
    </span>
  );
}
