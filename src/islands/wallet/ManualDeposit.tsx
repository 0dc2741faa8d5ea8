import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { T } from '../../lib/i18n/client.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { filterNumericInput } from '../../../isomorphic/validate/index.ts';
import { submitRecharge, uploadImage } from '../../lib/wallet/actions.ts';
import { Field } from '../ui/Field.tsx';
import { submitting } from '../ui/use-form.ts';
import { AddressBox, AddressQr } from './chain-parts.tsx';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
const MAX_BYTES = 5 * 1024 * 1024;

/**
 * A deposit an operator reviews (docs/requirements.md §3 recharge): the address of a network no watched chain
 * covers, then the amount sent and its payment screenshot.
 */
export function ManualDeposit({ t, coin, network, address }: { t: T; coin: string; network: string; address: string }) {
  const [amount, setAmount] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // The input itself, so a sent (or refused) file is cleared from it and the same file can be picked again.
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const pick = (f: File | null) => {
    const next: Record<string, string> = { ...errors };
    delete next.screenshot;
    if (f && !IMAGE_TYPES.includes(f.type)) next.screenshot = t('error.uploadNotImage');
    else if (f && f.size > MAX_BYTES) next.screenshot = t('error.uploadTooLarge', { max: '5 MB' });
    setErrors(next);
    const kept = next.screenshot ? null : f;
    setFile(kept);
    setPreview(kept ? URL.createObjectURL(kept) : '');
    if (!kept && input.current) input.current.value = '';
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
      <div className={`field${errors.screenshot ? ' field--error' : ''}`}>
        <span className="field__label" id="recharge-screenshot-label">
          {t('assets.screenshot')}
        </span>
        <div className="chain-file">
          <label className="btn btn--outline" htmlFor="recharge-screenshot">
            {t('onchain.chooseFile')}
          </label>
          <input
            ref={input}
            id="recharge-screenshot"
            className="chain-file__input"
            name="screenshot"
            type="file"
            aria-labelledby="recharge-screenshot-label"
            accept={IMAGE_TYPES.join(',')}
            onChange={(e) => pick(e.target.files?.[0] ?? null)}
          />
          <span className="muted chain-file__name" data-testid="screenshot-name">
            {file ? file.name : t('onchain.noFile')}
          </span>
        </div>
        {errors.screenshot ? (
          <p className="field__error" role="alert">
            {errors.screenshot}
          </p>
        ) : (
          <p className="field__hint">{t('assets.screenshotHint')}</p>
        )}
        {preview && <img className="wallet-preview" src={preview} alt={t('assets.screenshot')} />}
      </div>
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {t('assets.submitDeposit')}
      </button>
    </form>
  );
}
