import { useState, type FormEvent } from 'react';
import type { T } from '../../lib/i18n/client.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { filterNumericInput } from '../../../isomorphic/validate/index.ts';
import { submitRecharge, uploadImage } from '../../lib/wallet/actions.ts';
import { Field } from '../ui/Field.tsx';
import { ImagePicker } from '../ui/ImagePicker.tsx';
import { submitting } from '../ui/use-form.ts';
import { AddressBox, AddressQr } from './chain-parts.tsx';

/**
 * A deposit an operator reviews (docs/requirements.md §3 recharge): the address of a network no watched chain
 * covers, then the amount sent and its payment screenshot.
 */
export function ManualDeposit({ t, coin, network, address }: { t: T; coin: string; network: string; address: string }) {
  const [amount, setAmount] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const pick = (f: File | null, error?: string) => {
    setFile(f);
    setErrors(({ screenshot: _, ...rest }) => (error ? { ...rest, screenshot: error } : rest));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!amount || !(Number(amount) > 0)) next.amount = t('assets.amountRequired');
    if (!file) next.screenshot = errors.screenshot ?? t('error.screenshotRequired');
    setErrors(next);
    if (Object.keys(next).length) return;
    await submitting(setBusy, async () => {
      const up = await uploadImage(file!, file!.name);
      await submitRecharge({ coin, network, amount, screenshot: up.id });
      showToast('success', t('assets.submittedForReview'));
      // A clean form for the next deposit: the picker empties its input with the file.
      setAmount('');
      pick(null);
    });
  };

  return (
    <form
      className="stack-form wallet-form chain-manual-deposit"
      onSubmit={submit}
      noValidate
      data-testid="manual-deposit"
    >
      <div className="field">
        <span className="field__label">{t('assets.depositAddress')}</span>
        <div className="chain-address">
          <AddressQr t={t} address={address} />
          <div className="chain-address__text">
            <AddressBox t={t} address={address} />
            <p className="field__hint">{t('assets.depositHint', { coin, network })}</p>
            <p className="field__hint">{t('onchain.manualHint')}</p>
          </div>
        </div>
      </div>
      <Field
        label={t('assets.amount')}
        name="amount"
        inputMode="decimal"
        value={amount}
        onChange={(v) => setAmount(filterNumericInput(v, 8))}
        error={errors.amount}
        placeholder={t('assets.amountPlaceholder')}
      />
      <ImagePicker
        t={t}
        label={t('assets.screenshot')}
        name="screenshot"
        file={file}
        onChange={pick}
        error={errors.screenshot}
        hint={t('assets.screenshotHint')}
      />
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {t('assets.submitDeposit')}
      </button>
    </form>
  );
}
