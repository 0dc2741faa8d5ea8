import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import { failureMessage } from '../../lib/api/failure.ts';
import type { OtcAd, OtcSide } from '../../../isomorphic/contract/otc.ts';
import type { T } from '../../lib/i18n/client.ts';
import { $payments } from '../../lib/identity/actions.ts';
import { goTo, href } from '../../lib/navigation.ts';
import { checkTake, COIN_SCALE, coinForFiat, FIAT_SCALE, fiatForCoin, maxTake } from '../../lib/otc/amounts.ts';
import { $ads, takeAd } from '../../lib/otc/market.ts';
import { $noOtcBalances, OTC_ACCOUNT, otcBalancesStore, transferHref } from '../../lib/otc/merchant.ts';
import { $assetFormat } from '../../lib/stores/assets.ts';
import { filterNumericInput } from '../../../isomorphic/validate/index.ts';
import { Field } from '../ui/Field.tsx';
import { submitting } from '../ui/use-form.ts';
import { amountProblemText, MerchantCell, OtcDialog, PayKinds } from './parts.tsx';
import { Fact } from '../ui/Fact.tsx';

interface Props {
  t: T;
  ad: OtcAd;
  /** The user's side: buying from a sell ad, or selling to a buy ad. */
  userSide: OtcSide;
  onClose: () => void;
}

/**
 * Taking an ad: the amount in fiat or in coin (each follows the other at the ad's price), checked against the
 * limits, what the ad has left and (selling) the user's OTC balance before sending. A user who sells names one of
 * their own payment methods. A moved price is refused by the server with the new one, which the dialog then shows.
 */
export function TakeDialog({ t, ad: initial, userSide, onClose }: Props) {
  const fmt = useStore($assetFormat);
  const listed = useStore($ads).ads.find((a) => a.id === initial.id);
  const ad = listed ?? initial;
  const payments = useStore($payments);
  const selling = userSide === 'sell';
  const [fiat, setFiat] = useState('');
  const [coin, setCoin] = useState('');
  const [payment, setPayment] = useState('');
  // Selling takes the coins from the OTC account: its balance bounds the amount.
  const otcCoins = useStore(selling ? otcBalancesStore(OTC_ACCOUNT) : $noOtcBalances);
  const available = otcCoins ? (otcCoins.find((r) => r.coin === ad.coin)?.available ?? '0') : undefined;
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  // A new price keeps the coin amount and shows what it costs now.
  useEffect(() => void (coin && setFiat(fiatForCoin(coin, ad.price))), [ad.price]);

  const onFiat = (v: string) => {
    const clean = filterNumericInput(v, FIAT_SCALE);
    setFiat(clean);
    setCoin(clean ? coinForFiat(clean, ad.price) : '');
    setError('');
  };
  const onCoin = (v: string) => {
    const clean = filterNumericInput(v, COIN_SCALE);
    setCoin(clean);
    setFiat(clean ? fiatForCoin(clean, ad.price) : '');
    setError('');
  };
  const limits = {
    price: ad.price,
    minFiat: ad.minFiat,
    maxFiat: ad.maxFiat,
    remaining: ad.remaining,
    available: selling ? available : undefined,
  };
  const all = () => onCoin(maxTake(limits));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = checkTake(coin, limits);
    if (problem) return setError(amountProblemText(t, problem, ad.coin, ad.fiat));
    if (selling && !payment) return setError(t('otc.take.choosePayment'));
    await submitting(setBusy, async () => {
      try {
        const order = await takeAd({
          adId: ad.id,
          amount: coin.replace(/\.$/, ''),
          price: ad.price,
          payment: selling ? Number(payment) : undefined,
        });
        goTo(`/otc/order?id=${order.id}`);
      } catch (err) {
        setError(failureMessage(err));
        throw err;
      }
    });
  };

  // The merchant pays by one of the kinds the ad names: only the user's methods of those kinds can receive it.
  const own = (payments ?? []).filter((p) => ad.payKinds.includes(p.kind));
  return (
    <OtcDialog
      t={t}
      title={t(`otc.take.title.${userSide}`, { coin: ad.coin })}
      onClose={onClose}
      testId="otc-take-dialog"
      wide
    >
      <form className="otc-form" onSubmit={submit} noValidate>
        <MerchantCell t={t} m={ad.merchant} />
        <dl className="facts otc-facts">
          <Fact label={t('otc.ad.price')} testId="otc-take-price">
            {ad.price} {ad.fiat}
          </Fact>
          <Fact label={t('otc.ad.limits')}>
            {ad.minFiat} – {ad.maxFiat} {ad.fiat}
          </Fact>
          <Fact label={t('otc.ad.available')}>
            {fmt(ad.remaining, ad.coin)} {ad.coin}
          </Fact>
          <Fact label={t('otc.ad.payWindow')}>{t('otc.minutes', { minutes: ad.payWindow })}</Fact>
          <Fact label={t('otc.ad.payments')}>
            <PayKinds t={t} kinds={ad.payKinds} />
          </Fact>
        </dl>
        <Field
          label={t(selling ? 'otc.take.fiatReceive' : 'otc.take.fiatPay', { fiat: ad.fiat })}
          name="fiat"
          inputMode="decimal"
          value={fiat}
          onChange={onFiat}
          addon={<span className="field__addon field__addon--text">{ad.fiat}</span>}
        />
        <Field
          label={t(selling ? 'otc.take.coinSell' : 'otc.take.coinReceive', { coin: ad.coin })}
          name="coin"
          inputMode="decimal"
          value={coin}
          onChange={onCoin}
          error={error}
          hint={
            selling && available !== undefined
              ? t('otc.take.otcAvailable', { amount: fmt(available, ad.coin), coin: ad.coin })
              : undefined
          }
          addon={
            <button type="button" className="field__addon field__addon--text" onClick={all}>
              {t('otc.take.all')}
            </button>
          }
        />
        {selling && (
          <div className="field">
            <label htmlFor="otc-take-payment">{t('otc.take.receiveBy')}</label>
            {own.length ? (
              <select
                id="otc-take-payment"
                name="payment"
                value={payment}
                onChange={(e) => {
                  setPayment(e.target.value);
                  setError('');
                }}
              >
                <option value="">{t('otc.take.choosePayment')}</option>
                {own.map((p) => (
                  <option key={p.id} value={p.id}>
                    {t(`identity.payment.kind.${p.kind}`)} · {p.account}
                  </option>
                ))}
              </select>
            ) : (
              <p className="otc-muted">{t('otc.take.noPayment')}</p>
            )}
            <a className="otc-small-link" href={href('/account/center?tab=payment')}>
              {t('otc.take.addPayment')}
            </a>
            {available !== undefined && (
              <a className="otc-small-link" href={href(transferHref(OTC_ACCOUNT, ad.coin))}>
                {t('otc.take.transferIn')}
              </a>
            )}
          </div>
        )}
        {ad.terms && (
          <section className="otc-terms">
            <h3>{t('otc.ad.terms')}</h3>
            <p>{ad.terms}</p>
          </section>
        )}
        <p className="otc-note">{t(selling ? 'otc.take.noteSell' : 'otc.take.noteBuy', { minutes: ad.payWindow })}</p>
        <div className="otc-form__actions">
          <button type="button" className="btn btn--outline" onClick={onClose}>
            {t('otc.cancel')}
          </button>
          <button type="submit" className={`btn otc-btn--${userSide}`} disabled={busy}>
            {t(`otc.ad.take.${userSide}`, { coin: ad.coin })}
          </button>
        </div>
      </form>
    </OtcDialog>
  );
}
