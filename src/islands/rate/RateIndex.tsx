import { useMemo, useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { ExchangeRateItem } from '../../../isomorphic/contract/wallet.ts';
import { formatAmount } from '../../../isomorphic/format/index.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { useMessages, type Messages, type T } from '../../lib/i18n/client.ts';
import { convert, inverse, QUOTE, rateOf } from '../../lib/rate/convert.ts';
import { $settings, chooseCurrency } from '../../lib/stores/settings.ts';
import { $rates } from '../../lib/wallet/balances.ts';
import { Field } from '../ui/Field.tsx';
import { Select } from '../ui/Select.tsx';
import '../../styles/rate.css';

/**
 * docs/requirements.md §2 /rate/index: the display currencies with their rates against USDT, and a converter between
 * them.
 */
export default function RateIndex({ locale, messages }: { locale: Locale; messages: Messages }) {
  const t = useMessages(locale, messages);
  const rates = useStore($rates);
  const name = useMemo(() => currencyNamer(locale), [locale]);
  return (
    <div className="rate-page">
      <header>
        <h1>{t('rate.title')}</h1>
        <p className="rate-lead">{t('rate.lead')}</p>
      </header>
      {rates.status === 'error' ? (
        <p className="rate-note" role="alert">
          {rates.error.message || t('rate.failed')}
        </p>
      ) : rates.status !== 'success' || !rates.value.length ? (
        <p className="rate-note">{t('rate.loading')}</p>
      ) : (
        <div className="rate-grid">
          <RateTable t={t} rates={rates.value} name={name} />
          <Converter t={t} rates={rates.value} name={name} />
        </div>
      )}
    </div>
  );
}

/** An amount with every decimal there is and no more, grouped: '1234.50000000' → '1,234.5'. */
const read = (v: string) => formatAmount(v, 8, { grouping: true, pad: false });

/** The currency's name in the page's language (the browser's own list), or nothing when it has none. */
function currencyNamer(locale: Locale): (code: string) => string {
  try {
    const names = new Intl.DisplayNames([locale], { type: 'currency' });
    return (code) => {
      // Only ISO 4217 codes have names; anything else (USDT) throws.
      try {
        const n = names.of(code);
        return n && n !== code ? n : '';
      } catch {
        return '';
      }
    };
  } catch {
    return () => '';
  }
}

function RateTable({ t, rates, name }: { t: T; rates: ExchangeRateItem[]; name: (code: string) => string }) {
  const settings = useStore($settings);
  const current = settings.currency.exchange_code;
  return (
    <section className="panel rate-table" aria-labelledby="rate-table-title">
      <h2 id="rate-table-title" className="panel__title">
        {t('rate.table.title')}
      </h2>
      <div className="wallet-scroll">
        <table className="wallet-table" data-testid="rate-table">
          <thead>
            <tr>
              <th>{t('rate.table.currency')}</th>
              <th className="num">{t('rate.table.perUsdt')}</th>
              <th className="num">{t('rate.table.inUsdt')}</th>
              <th>{t('rate.table.display')}</th>
            </tr>
          </thead>
          <tbody>
            {rates.map((r) => (
              <tr key={r.exchange_code} data-code={r.exchange_code}>
                <td>
                  <strong>{r.exchange_code}</strong> <span className="rate-symbol">{r.code_symbol}</span>{' '}
                  <span className="muted rate-name">{name(r.exchange_code)}</span>
                </td>
                <td className="num">{r.rate}</td>
                <td className="num">{inverse(r.rate)}</td>
                <td>
                  {r.exchange_code === current ? (
                    <span className="rate-current">{t('rate.table.shown')}</span>
                  ) : (
                    <button type="button" className="btn" onClick={() => chooseCurrency(r)}>
                      {t('rate.table.use')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="field__hint">{t('rate.table.note')}</p>
    </section>
  );
}

function Converter({ t, rates, name }: { t: T; rates: ExchangeRateItem[]; name: (code: string) => string }) {
  const [amount, setAmount] = useState('100');
  const [from, setFrom] = useState(QUOTE);
  const [to, setTo] = useState(rates[0]!.exchange_code);
  const codes = [QUOTE, ...rates.map((r) => r.exchange_code)];
  const options = codes.map((c) => ({ value: c, label: name(c) ? `${c} · ${name(c)}` : c }));
  const fromRate = rateOf(rates, from);
  const toRate = rateOf(rates, to);
  const result = amount.trim() && fromRate && toRate ? convert(amount, fromRate, toRate) : null;
  const problem = result && !result.ok ? t(`rate.problem.${result.problem}`) : undefined;
  return (
    <section className="panel rate-converter" aria-labelledby="rate-converter-title">
      <h2 id="rate-converter-title" className="panel__title">
        {t('rate.converter.title')}
      </h2>
      <Field
        label={t('rate.converter.amount')}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={setAmount}
        error={problem}
      />
      <div className="rate-converter__pair">
        <Select label={t('rate.converter.from')} name="from" value={from} onChange={setFrom} options={options} />
        <button
          type="button"
          className="btn rate-swap"
          aria-label={t('rate.converter.swap')}
          title={t('rate.converter.swap')}
          onClick={() => {
            setFrom(to);
            setTo(from);
          }}
        >
          ⇄
        </button>
        <Select label={t('rate.converter.to')} name="to" value={to} onChange={setTo} options={options} />
      </div>
      <output className="rate-result" data-testid="rate-result" aria-live="polite">
        {result?.ok ? `${read(amount.trim())} ${from} = ${read(result.value)} ${to}` : '—'}
      </output>
      <p className="field__hint">{t('rate.converter.note')}</p>
    </section>
  );
}
