import { useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { MarginAccountView, MarginLine } from '../../../isomorphic/contract/margin.ts';
import type { T } from '../../lib/i18n/client.ts';
import { setIsolatedLeverage } from '../../lib/margin/actions.ts';
import { isOwing, owedCoins, shownLines, shownNet } from '../../lib/margin/view.ts';
import { $assetDecimals, $assetFormat } from '../../lib/stores/assets.ts';
import type { DialogRequest } from './AccountDialogs.tsx';
import { accountTitle, Fact, LevelBadge, ThresholdNote } from './parts.tsx';

interface Props {
  t: T;
  account: MarginAccountView;
  /** An isolated account's leverage cap (its pair's); none for the cross account. */
  maxLeverage?: number;
  onDialog: (request: DialogRequest) => void;
}

/**
 * One margin account: its level in the risk colour, what it holds, owes and is worth in USDT, each asset's line
 * (held, borrowed, interest, what may still be borrowed), an isolated pair's leverage and liquidation price, and
 * the borrow, repay and transfer actions. The trade screen's panel and the wallet's margin section show it.
 */
export function MarginAccountCard({ t, account: a, maxLeverage, onDialog }: Props) {
  const fmt = useStore($assetFormat);
  const decimals = useStore($assetDecimals);
  const usdt = (v: string) => `${fmt(v, 'USDT')} USDT`;
  const net = shownNet(a.totalAsset, [a.totalLiability], decimals('USDT'));
  const target = { mode: a.mode, symbol: a.symbol ?? undefined };
  const lines = shownLines(a);
  const id = `margin-${a.mode}-${a.symbol ?? 'all'}`;
  return (
    <article className={`margin-card margin-card--${a.risk}`} aria-labelledby={`${id}-title`} data-testid={id}>
      <header className="margin-card__head">
        <h3 id={`${id}-title`}>{accountTitle(t, a)}</h3>
        <div className="margin-card__actions">
          <button
            type="button"
            className="btn btn--small btn--primary"
            disabled={a.risk === 'liquidation'}
            onClick={() => onDialog({ kind: 'borrow', target })}
          >
            {t('margin.borrow.open')}
          </button>
          <button
            type="button"
            className="btn btn--small btn--outline"
            disabled={!owedCoins(a).length}
            onClick={() => onDialog({ kind: 'repay', target })}
          >
            {t('margin.repay.open')}
          </button>
          <button
            type="button"
            className="btn btn--small btn--outline"
            onClick={() => onDialog({ kind: 'transfer', target })}
          >
            {t('margin.transfer.open')}
          </button>
        </div>
      </header>
      <div className="margin-card__main">
        <div>
          <p className="margin-card__label">{t('margin.level')}</p>
          <LevelBadge t={t} level={a.level} risk={a.risk} testId={`${id}-level`} />
        </div>
        {a.mode === 'isolated' && a.symbol && (
          <LeverageSelect
            t={t}
            symbol={a.symbol}
            leverage={a.leverage}
            max={maxLeverage ?? a.leverage}
            locked={lines.some((l) => isOwing(l))}
          />
        )}
        {a.mode === 'cross' && (
          <div>
            <p className="margin-card__label">{t('margin.leverage')}</p>
            <p className="margin-card__value">{a.leverage}×</p>
          </div>
        )}
      </div>
      <dl className="facts margin-facts">
        <Fact label={t('margin.totalAsset')} value={usdt(a.totalAsset)} testId={`${id}-total`} />
        <Fact label={t('margin.totalLiability')} value={usdt(a.totalLiability)} testId={`${id}-liability`} />
        <Fact label={t('margin.netAsset')} value={usdt(net)} testId={`${id}-net`} />
        {a.mode === 'isolated' && (
          <Fact
            label={t('margin.liquidationPrice')}
            value={a.liquidationPrice ? `${a.liquidationPrice} ${a.symbol_name?.split('/')[1] ?? ''}` : '--'}
            testId={`${id}-liq-price`}
          />
        )}
      </dl>
      <ThresholdNote t={t} account={a} />
      {lines.length ? (
        <div className="margin-scroll">
          <table className="grid-table margin-lines" data-testid={`${id}-lines`}>
            <thead>
              <tr>
                <th scope="col">{t('margin.coin')}</th>
                <th scope="col" className="num">
                  {t('margin.total')}
                </th>
                <th scope="col" className="num">
                  {t('margin.free')}
                </th>
                <th scope="col" className="num">
                  {t('margin.borrowed')}
                </th>
                <th scope="col" className="num">
                  {t('margin.interest')}
                </th>
                <th scope="col" className="num">
                  {t('margin.netAssetCoin')}
                </th>
                <th scope="col" className="num">
                  {t('margin.maxBorrow')}
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((l) => (
                <LineRow key={l.coin} line={l} />
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="muted">{t('margin.empty')}</p>
      )}
    </article>
  );
}

function LineRow({ line: l }: { line: MarginLine }) {
  const fmt = useStore($assetFormat);
  const decimals = useStore($assetDecimals);
  const net = shownNet(l.total, [l.borrowed, l.interest], decimals(l.coin));
  return (
    <tr data-coin={l.coin}>
      <th scope="row">{l.coin}</th>
      <td className="num">{fmt(l.total, l.coin)}</td>
      <td className="num">{fmt(l.free, l.coin)}</td>
      <td className="num" data-testid={`borrowed-${l.coin}`}>
        {fmt(l.borrowed, l.coin)}
      </td>
      <td className="num" data-testid={`interest-${l.coin}`}>
        {fmt(l.interest, l.coin)}
      </td>
      <td className={`num${net.startsWith('-') ? ' is-down' : ''}`}>{fmt(net, l.coin)}</td>
      <td className="num">{fmt(l.maxBorrow, l.coin)}</td>
    </tr>
  );
}

/**
 * An isolated pair's leverage, 2× to its cap; the server refuses a change while the account owes (shown as a toast).
 */
function LeverageSelect({
  t,
  symbol,
  leverage,
  max,
  locked,
}: {
  t: T;
  symbol: string;
  leverage: number;
  max: number;
  locked: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const choices = Array.from({ length: Math.max(0, max - 1) }, (_, i) => i + 2);
  return (
    <label className="margin-leverage">
      <span className="margin-card__label">{t('margin.leverage')}</span>
      <select
        value={leverage}
        disabled={busy}
        title={locked ? t('margin.leverageLocked') : undefined}
        data-testid="margin-leverage"
        onChange={(e) => {
          setBusy(true);
          setIsolatedLeverage(symbol, Number(e.target.value))
            .catch(() => {})
            .finally(() => setBusy(false));
        }}
      >
        {choices.map((n) => (
          <option key={n} value={n}>
            {n}×
          </option>
        ))}
      </select>
    </label>
  );
}
