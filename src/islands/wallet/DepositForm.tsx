import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { T } from '../../lib/i18n/client.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { filterNumericInput } from '../../../isomorphic/validate/index.ts';
import { submitRecharge, uploadImage } from '../../lib/wallet/actions.ts';
import { depositAddressStore } from '../../lib/wallet/balances.ts';
import { copyText } from '../ui/copy-text.ts';
import { useCoinNetwork } from './use-coin-network.ts';
import { Field } from '../ui/Field.tsx';
import { Select } from '../ui/Select.tsx';
import { submitting } from '../ui/use-form.ts';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
const MAX_BYTES = 5 * 1024 * 1024;

/**
 * Deposit (docs/requirements.md §3 recharge): the user's address for a coin and network, then the amount sent and its
 * payment screenshot.
 */
export function DepositForm({ t, initialCoin }: { t: T; initialCoin?: string }) {
  const { coin, setCoin, network, setNetwork, coins, coinNetworks } = useCoinNetwork(initialCoin);
  const [amount, setAmount] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  // Asked only for a network of the coin: while the coin changes, the network still names the old coin's.
  const known = Boolean(network) && coinNetworks.some((n) => n.network === network);
  const answer = useStore(depositAddressStore(known ? coin : '', known ? network : ''));
  const address = answer.status === 'success' ? answer.value.address : '';
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const pick = (f: File | null) => {
    const next: Record<string, string> = { ...errors };
    delete next.screenshot;
    if (f && !IMAGE_TYPES.includes(f.type)) next.screenshot = t('error.uploadNotImage');
    else if (f && f.size > MAX_BYTES) next.screenshot = t('error.uploadTooLarge', { max: '5 MB' });
    setErrors(next);
    setFile(next.screenshot ? null : f);
    setPreview(f && !next.screenshot ? URL.createObjectURL(f) : '');
  };

  const copy = () => copyText(t, address);

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
    <form className="stack-form wallet-form" onSubmit={submit} noValidate>
      <Select
        label={t('assets.coin')}
        name="coin"
        value={coin}
        onChange={setCoin}
        options={coins.map((c) => ({ value: c, label: c }))}
      />
      <Select
        label={t('assets.network')}
        name="network"
        value={network}
        onChange={setNetwork}
        options={coinNetworks.map((n) => ({ value: n.network, label: n.network }))}
      />
      <div className="field">
        <span className="field__label">{t('assets.depositAddress')}</span>
        <div className="wallet-address">
          <code data-testid="deposit-address">{address || '…'}</code>
          <button type="button" className="btn" onClick={copy} disabled={!address}>
            {t('common.copy')}
          </button>
        </div>
        <p className="field__hint">{t('assets.depositHint', { coin, network })}</p>
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
        <label htmlFor="recharge-screenshot">{t('assets.screenshot')}</label>
        <input
          id="recharge-screenshot"
          name="screenshot"
          type="file"
          accept={IMAGE_TYPES.join(',')}
          onChange={(e) => pick(e.target.files?.[0] ?? null)}
        />
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
