import { useEffect, useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { OtcOwnAd } from '../../../isomorphic/contract/otc.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { useMessages, type Messages, type T } from '../../lib/i18n/client.ts';
import { href } from '../../lib/navigation.ts';
import { COIN_SCALE, unitsOf } from '../../lib/otc/amounts.ts';
import {
  $ownAds,
  closeAd,
  MERCHANT_ACCOUNT,
  otcBalancesStore,
  setAdOnline,
  transferHref,
} from '../../lib/otc/merchant.ts';
import { $assetFormat } from '../../lib/stores/assets.ts';
import { $isLogin, $userInfo } from '../../lib/stores/session.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { type Column, DataTable } from '../ui/DataTable.tsx';
import { AdDialog } from './AdDialog.tsx';
import { MerchantGate } from './MerchantGate.tsx';
import { LoginPrompt, PayKinds } from './parts.tsx';

interface Props {
  locale: Locale;
  messages: Messages;
}

/** /merchant/index: a merchant's ads and merchant account; others see the way to apply. */
export default function MerchantHome({ locale, messages }: Props) {
  const t = useMessages(locale, messages);
  const isLogin = useStore($isLogin);
  const me = useStore($userInfo);
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return <p className="otc-empty">{t('common.loading')}</p>;
  if (!isLogin) return <LoginPrompt t={t} text={t('otc.loginFirst')} />;
  if (me?.is_merchant !== 2) return <MerchantGate t={t} locale={locale} />;
  return (
    <div className="otc-merchant-home">
      <header className="otc-head">
        <div>
          <h1>{t('otc.merchantHome.title')}</h1>
          <p className="otc-lead">{t('otc.merchantHome.lead')}</p>
        </div>
        <nav className="otc-links" aria-label={t('otc.links')}>
          <a href={href('/merchant/deal', locale)}>{t('otc.nav.deals')}</a>
          <a href={href('/otc/common', locale)}>{t('otc.nav.market')}</a>
        </nav>
      </header>
      <Balances t={t} />
      <Ads t={t} />
    </div>
  );
}

/** The merchant account (type 8): what is free for new sell ads and what ads, orders and the deposit hold. */
function Balances({ t }: { t: T }) {
  const fmt = useStore($assetFormat);
  const rows = useStore(otcBalancesStore(MERCHANT_ACCOUNT));
  const shown = (rows ?? []).filter((r) => (unitsOf(r.total, COIN_SCALE) ?? 0n) > 0n || r.coin === 'USDT');
  return (
    <section className="otc-card" data-testid="merchant-balances">
      <div className="otc-card__head">
        <h2>{t('otc.merchantHome.account')}</h2>
        <a className="btn btn--outline" href={href(transferHref(MERCHANT_ACCOUNT))}>
          {t('otc.merchantHome.transfer')}
        </a>
      </div>
      <table className="otc-table otc-table--compact">
        <thead>
          <tr>
            <th scope="col">{t('otc.balance.coin')}</th>
            <th scope="col">{t('otc.balance.available')}</th>
            <th scope="col">{t('otc.balance.held')}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((r) => (
            <tr key={r.coin} data-testid={`merchant-balance-${r.coin}`}>
              <td>{r.coin}</td>
              <td>{fmt(r.available, r.coin)}</td>
              <td>{fmt(r.frozen, r.coin)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="otc-note">{t('otc.merchantHome.accountNote')}</p>
    </section>
  );
}

function Ads({ t }: { t: T }) {
  const ads = useStore($ownAds);
  const fmt = useStore($assetFormat);
  const [editing, setEditing] = useState<OtcOwnAd | 'new' | null>(null);
  const [closing, setClosing] = useState<OtcOwnAd | null>(null);
  const open = (ads ?? []).filter((a) => !a.closed);
  const closed = (ads ?? []).filter((a) => a.closed);
  const columns: Array<Column<OtcOwnAd>> = [
    {
      key: 'type',
      label: t('otc.ads.type'),
      phone: 'title',
      className: (ad) => (ad.side === 'sell' ? 'down' : 'up'),
      cell: (ad) => `${t(`otc.ads.side.${ad.side}`, { coin: ad.coin })} · ${ad.fiat}`,
    },
    {
      key: 'price',
      label: t('otc.ad.price'),
      cell: (ad) => (
        <>
          {ad.price ?? t('otc.adForm.noIndex')}{' '}
          {ad.priceType === 'floating' && (
            <span className="otc-muted">({t('otc.ads.floatShort', { pct: ad.floatPct ?? '0' })})</span>
          )}
        </>
      ),
    },
    {
      key: 'remaining',
      label: t('otc.ads.remaining'),
      cell: (ad) => `${fmt(ad.remaining, ad.coin)} / ${fmt(ad.total, ad.coin)} ${ad.coin}`,
    },
    { key: 'limits', label: t('otc.ad.limits'), cell: (ad) => `${ad.minFiat} – ${ad.maxFiat} ${ad.fiat}` },
    { key: 'payments', label: t('otc.ad.payments'), cell: (ad) => <PayKinds t={t} kinds={ad.payKinds} /> },
    {
      key: 'online',
      label: t('otc.ads.online'),
      cell: (ad) =>
        ad.closed ? (
          <span className="otc-muted">{t('otc.ads.closed')}</span>
        ) : (
          <label className="otc-switch">
            <input
              type="checkbox"
              role="switch"
              checked={ad.online}
              onChange={(e) => void setAdOnline(ad.id, e.target.checked).catch(() => {})}
              aria-label={t('otc.ads.onlineSwitch')}
            />
            <span>{t(ad.online ? 'otc.ads.isOnline' : 'otc.ads.isOffline')}</span>
          </label>
        ),
    },
    {
      key: 'actions',
      label: '',
      head: <span className="visually-hidden">{t('otc.ads.actions')}</span>,
      className: 'otc-act',
      cell: (ad) =>
        !ad.closed && (
          <>
            <button type="button" className="btn btn--outline" onClick={() => setEditing(ad)}>
              {t('otc.ads.edit')}
            </button>
            <button type="button" className="btn btn--outline" onClick={() => setClosing(ad)}>
              {t('otc.ads.close')}
            </button>
          </>
        ),
    },
  ];
  return (
    <section className="otc-card" data-testid="merchant-ads">
      <div className="otc-card__head">
        <h2>{t('otc.ads.title')}</h2>
        <button type="button" className="btn btn--primary" onClick={() => setEditing('new')} data-testid="otc-post-ad">
          {t('otc.ads.post')}
        </button>
      </div>
      <div className="otc-scroll">
        <DataTable
          className="otc-table"
          columns={columns}
          rows={[...open, ...closed]}
          rowKey={(ad) => ad.id}
          rowProps={(ad) => ({ 'data-testid': `own-ad-${ad.id}`, className: ad.closed ? 'is-closed' : undefined })}
        />
        {ads && ads.length === 0 && <p className="otc-empty">{t('otc.ads.none')}</p>}
      </div>
      {editing && <AdDialog t={t} ad={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={closing !== null}
        title={t('otc.ads.closeTitle')}
        body={t('otc.ads.closeBody')}
        confirmLabel={t('otc.ads.close')}
        cancelLabel={t('otc.keep')}
        onCancel={() => setClosing(null)}
        onConfirm={() => {
          const ad = closing;
          setClosing(null);
          if (ad) void closeAd(ad.id).catch(() => {});
        }}
      />
    </section>
  );
}
