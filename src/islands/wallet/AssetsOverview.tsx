import { useMemo, useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { T } from '../../lib/i18n/client.ts';
import { $overviewAccounts, $rates, overviewCoinsStore } from '../../lib/wallet/balances.ts';
import { valueOf } from '../../lib/stores/remote.ts';
import { displayValue, isSmall } from '../../lib/wallet/valuation.ts';
import { $settings, chooseCurrency, updateSettings } from '../../lib/stores/settings.ts';
import { accountName } from './parts.tsx';
import { type Column, DataTable } from '../ui/DataTable.tsx';
import { $assetFormat } from '../../lib/stores/assets.ts';
import { ContractAssets } from '../perpetual-assets/index.ts';
import { MarginAssets } from '../margin/index.ts';
import { MARGIN_ACCOUNT_TYPE } from '../../lib/margin/view.ts';
import { EarnHoldings } from '../earn/index.ts';
import { FINANCE_ACCOUNT } from '../../lib/earn/view.ts';

/**
 * The asset overview (docs/requirements.md §2 /assets/index?key=overview, finance, agreement; /account/wallet assets):
 * the total and each account type valued in USDT and the display currency, then every coin of the chosen account type.
 */
export function AssetsOverview({
  t,
  type: fixedType,
  onAction,
}: {
  t: T;
  type?: number;
  onAction: (key: string, coin?: string) => void;
}) {
  const [type, setType] = useState(fixedType ?? 0);
  // Live: loaded again whenever the private feed says a balance changed (a deposit approved, a trade filled).
  const accounts = valueOf(useStore($overviewAccounts), []);
  const coins = valueOf(useStore(overviewCoinsStore(type)), []);
  const fmt = useStore($assetFormat);
  const rates = valueOf(useStore($rates), []);
  const settings = useStore($settings);

  const currency = useMemo(
    () =>
      rates.find((r) => r.exchange_code === settings.currency.exchange_code) ?? {
        ...settings.currency,
        exchange_value: settings.currency.rate,
      },
    [rates, settings.currency],
  );
  const showAll = settings.assetDisplay.showAllAssets;
  const shown = coins.filter((c) => showAll || !isSmall(c.usdtValue));
  const selected = accounts.find((a) => a.type === type);

  const columns: Array<Column<(typeof shown)[number]>> = [
    {
      key: 'coin',
      label: t('assets.coin'),
      phone: 'title',
      cell: (c) => (
        <>
          <strong>{c.coin}</strong> <span className="muted">{c.name}</span>
        </>
      ),
    },
    { key: 'available', label: t('assets.available'), num: true, cell: (c) => fmt(c.available, c.coin) },
    { key: 'frozen', label: t('assets.frozen'), num: true, cell: (c) => fmt(c.frozen, c.coin) },
    {
      key: 'valuation',
      label: t('assets.valuation'),
      num: true,
      cell: (c) => `${currency.code_symbol}${displayValue(c.usdtValue, currency.rate)}`,
    },
    {
      key: 'actions',
      // Buttons need no label on a phone's card; the wide table still heads the column.
      label: '',
      head: t('assets.actions'),
      num: true,
      className: 'wallet-row-actions',
      cell: (c) => (
        <>
          <button type="button" className="link-button" onClick={() => onAction('recharge', c.coin)}>
            {t('assets.nav.recharge')}
          </button>
          <button type="button" className="link-button" onClick={() => onAction('withdraw', c.coin)}>
            {t('assets.nav.withdraw')}
          </button>
          <button type="button" className="link-button" onClick={() => onAction('transfer', c.coin)}>
            {t('assets.nav.transfer')}
          </button>
        </>
      ),
    },
  ];
  return (
    <div className="wallet-overview">
      <div className="wallet-total">
        <div>
          <p className="wallet-total__label">
            {type === 0 ? t('assets.totalValue') : t('assets.accountValue', { account: accountName(t, type) })}
          </p>
          <p className="wallet-total__value" data-testid="total-value">
            {fmt(selected?.usdtValue ?? '0', 'USDT')} <small>USDT</small>
          </p>
          <p className="wallet-total__fiat">
            ≈ {currency.code_symbol}
            {displayValue(selected?.usdtValue ?? '0', currency.rate)} {currency.exchange_code}
          </p>
        </div>
        <div className="wallet-total__tools">
          <label className="wallet-inline">
            {t('assets.displayCurrency')}
            <select
              value={currency.exchange_code}
              onChange={(e) => {
                const r = rates.find((x) => x.exchange_code === e.target.value);
                if (r) chooseCurrency(r);
              }}
            >
              {(rates.length ? rates : [currency]).map((r) => (
                <option key={r.exchange_code} value={r.exchange_code}>
                  {r.exchange_code}
                </option>
              ))}
            </select>
          </label>
          <div className="wallet-actions">
            <button type="button" className="btn btn--primary" onClick={() => onAction('recharge')}>
              {t('assets.nav.recharge')}
            </button>
            <button type="button" className="btn" onClick={() => onAction('withdraw')}>
              {t('assets.nav.withdraw')}
            </button>
            <button type="button" className="btn" onClick={() => onAction('transfer')}>
              {t('assets.nav.transfer')}
            </button>
            <button type="button" className="btn" onClick={() => onAction('swap')}>
              {t('assets.nav.swap')}
            </button>
          </div>
        </div>
      </div>

      {fixedType === undefined && (
        <div className="wallet-accounts" role="tablist" aria-label={t('assets.accounts')}>
          {accounts.map((a) => (
            <button
              key={a.type}
              type="button"
              role="tab"
              aria-selected={a.type === type}
              className={`wallet-account${a.type === type ? ' is-active' : ''}`}
              onClick={() => setType(a.type)}
              data-testid={`account-${a.type}`}
            >
              <span>{accountName(t, a.type)}</span>
              <strong>{fmt(a.usdtValue, 'USDT')} USDT</strong>
            </button>
          ))}
        </div>
      )}

      {type === 2 && <ContractAssets t={t} />}
      {type === FINANCE_ACCOUNT && <EarnHoldings t={t} />}
      {type === MARGIN_ACCOUNT_TYPE.cross && <MarginAssets t={t} mode="cross" />}
      {type === MARGIN_ACCOUNT_TYPE.isolated && <MarginAssets t={t} mode="isolated" />}

      <div className="wallet-table-bar">
        <label className="wallet-inline">
          <input
            type="checkbox"
            checked={!showAll}
            onChange={(e) =>
              updateSettings({ assetDisplay: { ...settings.assetDisplay, showAllAssets: !e.target.checked } })
            }
          />
          {t('assets.hideSmall')}
        </label>
      </div>
      <div className="wallet-scroll">
        <DataTable
          className="wallet-table"
          testId="coin-table"
          columns={columns}
          rows={shown}
          rowKey={(c) => c.coin}
          rowProps={(c) => ({ 'data-coin': c.coin })}
          empty={t('common.noData')}
        />
      </div>
    </div>
  );
}
