import { useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { OtcAd } from '../../../isomorphic/contract/otc.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { useMessages, type Messages } from '../../lib/i18n/client.ts';
import { href } from '../../lib/navigation.ts';
import { $ads, $fiats, ADS_PAGE_SIZE, loadAds, OTC_COINS, type MarketFilter } from '../../lib/otc/market.ts';
import { $assetFormat } from '../../lib/stores/assets.ts';
import { $isLogin, $userInfo } from '../../lib/stores/session.ts';
import { Tabs } from '../ui/Tabs.tsx';
import { type Column, DataTable } from '../ui/DataTable.tsx';
import { MerchantCell, Pager, PayKinds } from './parts.tsx';
import { TakeDialog } from './TakeDialog.tsx';

interface Props {
  locale: Locale;
  messages: Messages;
}

/**
 * The OTC market (/otc/common), as P2P users know it: the user's side (Buy | Sell), the coin, the fiat, and the
 * merchants' ads with their price, what is left, the limits of one order and the payment kinds. Taking one opens the
 * take dialog; the table follows the refresh topic.
 */
export default function OtcMarket({ locale, messages }: Props) {
  const t = useMessages(locale, messages);
  const view = useStore($ads);
  const fiats = useStore($fiats);
  const fmt = useStore($assetFormat);
  const isLogin = useStore($isLogin);
  const me = useStore($userInfo);
  const [taking, setTaking] = useState<OtcAd | null>(null);
  const f = view.filter;

  const choose = (patch: Partial<MarketFilter>) => {
    const next = { ...f, page: 1, ...patch };
    history.replaceState(null, '', `${location.pathname}?side=${next.side}&coin=${next.coin}&fiat=${next.fiat}`);
    void loadAds(next);
  };
  const take = (ad: OtcAd) => {
    if (!isLogin)
      location.href = href(`/user/login?redirect=${encodeURIComponent(location.pathname + location.search)}`, locale);
    else setTaking(ad);
  };
  const fiatCodes = [...new Set([f.fiat, ...fiats.map((r) => r.exchange_code)])];

  const columns: Array<Column<OtcAd>> = [
    {
      key: 'merchant',
      label: t('otc.ad.merchant'),
      phone: 'title',
      cell: (ad) => <MerchantCell t={t} m={ad.merchant} />,
    },
    {
      key: 'price',
      label: t('otc.ad.price'),
      className: 'otc-price',
      cell: (ad) => (
        <>
          <strong>{ad.price}</strong> <span>{ad.fiat}</span>
        </>
      ),
    },
    {
      key: 'limits',
      label: t('otc.ad.availableLimits'),
      cell: (ad) => (
        <>
          <p className="otc-line">
            {t('otc.ad.available')}{' '}
            <strong>
              {fmt(ad.remaining, ad.coin)} {ad.coin}
            </strong>
          </p>
          <p className="otc-line">
            {t('otc.ad.limits')}{' '}
            <strong>
              {ad.minFiat} – {ad.maxFiat} {ad.fiat}
            </strong>
          </p>
        </>
      ),
    },
    { key: 'payments', label: t('otc.ad.payments'), cell: (ad) => <PayKinds t={t} kinds={ad.payKinds} /> },
    {
      key: 'trade',
      label: '',
      head: <span className="visually-hidden">{t('otc.ad.trade')}</span>,
      className: 'otc-act',
      cell: (ad) =>
        me?.id === ad.merchant.id ? (
          <span className="otc-muted">{t('otc.ad.yours')}</span>
        ) : (
          <button type="button" className={`btn otc-btn--${f.side}`} onClick={() => take(ad)}>
            {t(`otc.ad.take.${f.side}`, { coin: ad.coin })}
          </button>
        ),
    },
  ];
  return (
    <div className="otc-market">
      <header className="otc-head">
        <div>
          <h1>{t('otc.market.title')}</h1>
          <p className="otc-lead">{t('otc.market.lead')}</p>
        </div>
        <nav className="otc-links" aria-label={t('otc.links')}>
          {isLogin && <a href={href('/otc/ordinary', locale)}>{t('otc.nav.myOrders')}</a>}
          <a href={href('/merchant/index', locale)}>
            {me?.is_merchant === 2 ? t('otc.nav.merchant') : t('otc.nav.becomeMerchant')}
          </a>
        </nav>
      </header>
      <div className="otc-filters">
        <div className="otc-side" role="radiogroup" aria-label={t('otc.market.side')}>
          {(['buy', 'sell'] as const).map((side) => (
            <button
              key={side}
              type="button"
              role="radio"
              aria-checked={f.side === side}
              className={`otc-side__btn otc-side__btn--${side}${f.side === side ? ' is-active' : ''}`}
              onClick={() => choose({ side })}
            >
              {t(`otc.side.${side}`)}
            </button>
          ))}
        </div>
        <Tabs
          label={t('otc.market.coin')}
          tabs={OTC_COINS.map((c) => ({ key: c as string, label: c }))}
          active={f.coin}
          onChange={(coin) => choose({ coin })}
        />
        <label className="otc-fiat">
          <span>{t('otc.market.fiat')}</span>
          <select name="fiat" value={f.fiat} onChange={(e) => choose({ fiat: e.target.value })}>
            {fiatCodes.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
      </div>
      {view.status === 'error' ? (
        <p className="otc-empty" role="alert" data-testid="otc-market-error">
          {view.error || t('common.networkSlow')}
        </p>
      ) : (
        <div className="otc-scroll">
          <DataTable
            className="otc-table"
            testId="otc-ads"
            busy={view.status === 'loading'}
            columns={columns}
            rows={view.ads}
            rowKey={(ad) => ad.id}
            rowProps={(ad) => ({ 'data-testid': `otc-ad-${ad.id}` })}
          />
          {view.status === 'ready' && view.ads.length === 0 && <p className="otc-empty">{t('otc.market.none')}</p>}
          {view.status === 'loading' && view.ads.length === 0 && <p className="otc-empty">{t('common.loading')}</p>}
          <Pager
            t={t}
            page={f.page}
            total={view.total}
            size={ADS_PAGE_SIZE}
            onPage={(page) => void loadAds({ ...f, page })}
          />
        </div>
      )}
      {taking && <TakeDialog t={t} ad={taking} userSide={f.side} onClose={() => setTaking(null)} />}
    </div>
  );
}
