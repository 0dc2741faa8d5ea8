import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { T } from '../../lib/i18n/client.ts';
import { formatAmount } from '../../../isomorphic/format/index.ts';
import { $assetFormat } from '../../lib/stores/assets.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { filterNumericInput } from '../../../isomorphic/validate/index.ts';
import { valueOf } from '../../lib/stores/remote.ts';
import { swap } from '../../lib/wallet/actions.ts';
import { $networks, balancesStore } from '../../lib/wallet/balances.ts';
import { $swapInput, $swapQuote, editSwap, requoteSwap } from '../../lib/wallet/swap-quote.ts';
import { Field } from '../ui/Field.tsx';
import { Fact } from '../ui/Fact.tsx';
import { Select } from '../ui/Select.tsx';

/** Swap (texchange): a quote from the live market, valid 30 s, executed at that price or refused if it moved. */
export function SwapForm({ t }: { t: T }) {
  const networks = valueOf(useStore($networks), []);
  const fmt = useStore($assetFormat);
  // The coins and amount live in the quote's store, which asks a price as they settle and when one expires.
  const { from, to, amount } = useStore($swapInput);
  const quote = useStore($swapQuote);
  const [now, setNow] = useState(Date.now());
  // What the spot account (1) holds: loaded again after a swap.
  const balances = valueOf(useStore(balancesStore(1)), []);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [slippage, setSlippage] = useState('50');

  // The clock the quote's seconds left count down on.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const coins = [...new Set(networks.map((n) => n.coin))];

  const available = balances.find((b) => b.coin === from)?.available ?? '0';
  const secondsLeft = quote ? Math.max(0, Math.ceil((quote.expiresAt - now) / 1000)) : 0;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    if (!(Number(amount) > 0)) return setError(t('assets.amountRequired'));
    if (!quote || !quote.amount) return setError(t('error.quoteExpired'));
    setBusy(true);
    try {
      const done = await swap({ from, to, amount, quote: quote.quote, slippageBps: Number(slippage) });
      showToast('success', t('assets.swapDone', { amount: fmt(done.receive, to), coin: to }));
      editSwap({ amount: '' });
    } catch {
      void requoteSwap();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="stack-form wallet-form" onSubmit={submit} noValidate>
      <Select
        label={t('assets.swapFrom')}
        name="from"
        value={from}
        onChange={(v) => editSwap({ from: v })}
        options={coins.map((c) => ({ value: c, label: c }))}
      />
      <button
        type="button"
        className="btn wallet-flip"
        aria-label={t('assets.flip')}
        onClick={() => editSwap({ from: to, to: from })}
      >
        ⇅
      </button>
      <Select
        label={t('assets.swapTo')}
        name="to"
        value={to}
        onChange={(v) => editSwap({ to: v })}
        options={coins.map((c) => ({ value: c, label: c }))}
      />
      <Field
        label={t('assets.amount')}
        name="amount"
        inputMode="decimal"
        value={amount}
        onChange={(v) => editSwap({ amount: filterNumericInput(v, 8) })}
        error={error || (from === to ? t('error.sameCoin') : undefined)}
        hint={t('assets.availableOf', { amount: fmt(available, from), coin: from })}
        addon={
          <button
            type="button"
            className="field__addon field__addon--text"
            onClick={() => editSwap({ amount: available.replace(/\.?0+$/, '') })}
          >
            {t('assets.all')}
          </button>
        }
      />
      <dl className="facts wallet-facts">
        <Fact label={t('assets.price')} testId="swap-price">
          {quote ? `1 ${from} ≈ ${formatAmount(quote.price, 8, { grouping: true, pad: false })} ${to}` : '--'}
        </Fact>
        <Fact label={t('assets.fee')} testId="swap-fee">
          {quote?.fee ? `${fmt(quote.fee, to)} ${to}` : '0.2%'}
        </Fact>
        <Fact label={t('assets.receive')} testId="swap-receive">
          {quote?.receive ? `${fmt(quote.receive, to)} ${to}` : '--'}
        </Fact>
        <Fact label={t('assets.quoteValid')}>{quote ? t('assets.seconds', { s: secondsLeft }) : '--'}</Fact>
      </dl>
      <Select
        label={t('assets.slippage')}
        name="slippage"
        value={slippage}
        onChange={setSlippage}
        options={['10', '50', '100', '300'].map((bps) => ({ value: bps, label: `${Number(bps) / 100}%` }))}
      />
      <p className="field__hint">{t('assets.swapNotice')}</p>
      <button type="submit" className="btn btn--primary" disabled={busy || from === to}>
        {t('assets.swapNow')}
      </button>
    </form>
  );
}
