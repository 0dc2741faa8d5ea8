import type { T } from '../../lib/i18n/client.ts';
import { TRADE_ACCOUNTS, type TradeAccount } from '../../lib/margin/view.ts';

/** The trade screen's Spot | Cross | Isolated switch over the order form: one choice of three, as radio buttons. */
export function AccountSwitch({
  t,
  value,
  onChange,
}: {
  t: T;
  value: TradeAccount;
  onChange: (next: TradeAccount) => void;
}) {
  return (
    <div
      className="segmented margin-switch"
      role="radiogroup"
      aria-label={t('margin.switch')}
      data-testid="margin-switch"
    >
      {TRADE_ACCOUNTS.map((a) => (
        <button
          key={a}
          type="button"
          role="radio"
          aria-checked={a === value}
          className={a === value ? 'is-active' : ''}
          onClick={() => onChange(a)}
        >
          {t(`margin.mode.${a}`)}
        </button>
      ))}
    </div>
  );
}
