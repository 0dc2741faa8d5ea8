import { useState, type FormEvent } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { T } from '../../lib/i18n/client.ts';
import { failureMessage } from '../../lib/api/failure.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { $assetFormat } from '../../lib/stores/assets.ts';
import { filterNumericInput } from '../../../isomorphic/validate/index.ts';
import { valueOf } from '../../lib/stores/remote.ts';
import { transferFunds } from '../../lib/wallet/actions.ts';
import { $accountTypes, balancesStore } from '../../lib/wallet/balances.ts';
import { Field } from '../ui/Field.tsx';
import { accountName } from './parts.tsx';
import { Select } from '../ui/Select.tsx';
import { submitting } from '../ui/use-form.ts';

interface Props {
  t: T;
  initialCoin?: string;
  /** The accounts it opens with: spot (1) to contract (2) unless said otherwise. */
  initialFrom?: number;
  initialTo?: number;
  /**
   * What may leave an account when the account knows better than its balance (the contract account: what open positions
   * allow).
   */
  availableOf?: (from: number, coin: string) => string | undefined;
  /** After a transfer went through (a dialog closes); the balances on screen load again by themselves. */
  onDone?: () => void;
}

/** Transfer between the user's own account types (spot, contract, finance, OTC, and merchant for merchants). */
export function TransferForm({ t, initialCoin, initialFrom = 1, initialTo = 2, availableOf, onDone }: Props) {
  const accounts = valueOf(useStore($accountTypes), []).filter((a) => a.type !== 0);
  const fmt = useStore($assetFormat);
  const [coin, setCoin] = useState(initialCoin ?? 'USDT');
  const [from, setFrom] = useState(String(initialFrom));
  const [to, setTo] = useState(String(initialTo));
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const balances = valueOf(useStore(balancesStore(Number(from))), []);
  const available = availableOf?.(Number(from), coin) ?? balances.find((b) => b.coin === coin)?.available ?? '0';
  const types = accounts.map((a) => ({ value: String(a.type), label: accountName(t, a.type) }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    if (from === to) return setError(t('error.sameAccount'));
    if (!(Number(amount) > 0)) return setError(t('assets.amountRequired'));
    await submitting(setBusy, async () => {
      // The server's refusal (more than open positions allow out, say) also stays beside the amount.
      await transferFunds({ coin, from: Number(from), to: Number(to), amount }).catch((err: unknown) => {
        if (failureMessage(err)) setError(failureMessage(err));
        throw err;
      });
      showToast('success', t('assets.transferDone'));
      setAmount('');
      onDone?.();
    });
  };

  return (
    <form className="stack-form wallet-form" onSubmit={submit} noValidate>
      <Select
        label={t('assets.coin')}
        name="coin"
        value={coin}
        onChange={setCoin}
        options={balances.map((b) => ({ value: b.coin, label: b.coin }))}
      />
      <Select label={t('assets.fromAccount')} name="from" value={from} onChange={setFrom} options={types} />
      <button
        type="button"
        className="btn wallet-flip"
        aria-label={t('assets.flip')}
        onClick={() => {
          setFrom(to);
          setTo(from);
        }}
      >
        ⇅
      </button>
      <Select label={t('assets.toAccount')} name="to" value={to} onChange={setTo} options={types} />
      <Field
        label={t('assets.amount')}
        name="amount"
        inputMode="decimal"
        value={amount}
        onChange={(v) => setAmount(filterNumericInput(v, 8))}
        error={error}
        hint={t('assets.availableOf', { amount: fmt(available, coin), coin })}
        addon={
          <button
            type="button"
            className="field__addon field__addon--text"
            onClick={() => setAmount(available.replace(/\.?0+$/, ''))}
          >
            {t('assets.all')}
          </button>
        }
      />
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {t('assets.transferNow')}
      </button>
    </form>
  );
}
