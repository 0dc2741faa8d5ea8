import { useState, type FormEvent } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { PaymentMethod } from '../../../isomorphic/contract/identity.ts';
import { PAYMENT_KINDS, type PaymentKind } from '../../../isomorphic/contract/identity.values.ts';
import type { T } from '../../lib/i18n/client.ts';
import { $identity, $payments, deletePayment, savePayment } from '../../lib/identity/actions.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { isBankNumber } from '../../../isomorphic/validate/bank-account.ts';
import { imageUrl, uploadImage } from '../../lib/wallet/actions.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { Field } from '../ui/Field.tsx';
import { submitting } from '../ui/use-form.ts';
import { Select } from '../ui/Select.tsx';
import { ImagePicker } from '../ui/ImagePicker.tsx';

/** Payment methods for OTC trades: the user's list and a form to add one, in the name they verified. */
export function Payments({ t, verifyHref }: { t: T; verifyHref: string }) {
  const identity = useStore($identity);
  const payments = useStore($payments);
  const [removing, setRemoving] = useState<PaymentMethod | null>(null);
  if (!identity || !payments) return <p className="muted">{t('common.loading')}</p>;
  if (identity.level < 1) {
    return (
      <p className="form-note">
        {t('error.kycRequired')} <a href={verifyHref}>{t('identity.primary.title')}</a>
      </p>
    );
  }
  const remove = async () => {
    const method = removing!;
    setRemoving(null);
    try {
      await deletePayment(method.id);
      showToast('success', t('identity.payment.removed'));
    } catch {
      // The API client has shown the message.
    }
  };
  return (
    <div className="identity">
      <p className="field__hint">{t('identity.payment.intro')}</p>
      {payments.length ? (
        <ul className="identity-methods" data-testid="payment-methods">
          {payments.map((p) => (
            <li key={p.id} className="identity-method" data-kind={p.kind}>
              <strong>{t(`identity.payment.kind.${p.kind}`)}</strong>
              <span>{p.name}</span>
              <span className="identity-method__account">{p.account}</span>
              {p.bank && <span className="muted">{[p.bank, p.branch].filter(Boolean).join(' · ')}</span>}
              {p.qrCode && <QrButton t={t} id={p.qrCode} />}
              <button type="button" className="btn btn--outline" onClick={() => setRemoving(p)}>
                {t('identity.payment.remove')}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('identity.payment.none')}</p>
      )}
      <h2 className="panel__subtitle">{t('identity.payment.add')}</h2>
      <PaymentForm t={t} verifiedName={identity.primary?.realName ?? ''} />
      <ConfirmDialog
        open={removing !== null}
        title={t('identity.payment.removeTitle')}
        body={
          removing
            ? t('identity.payment.removeBody', {
                kind: t(`identity.payment.kind.${removing.kind}`),
                account: removing.account,
              })
            : ''
        }
        confirmLabel={t('identity.payment.remove')}
        cancelLabel={t('identity.cancel')}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}

/** Opens an uploaded QR image (images need the session header, so they load through the client). */
function QrButton({ t, id }: { t: T; id: string }) {
  const [url, setUrl] = useState('');
  if (url) return <img className="identity-method__qr" src={url} alt={t('field.qrCode')} />;
  const open = async () => {
    try {
      setUrl(await imageUrl(id));
    } catch {
      showToast('error', t('common.operationFailed'));
    }
  };
  return (
    <button type="button" className="link-button" onClick={() => void open()}>
      {t('identity.payment.showQr')}
    </button>
  );
}

function PaymentForm({ t, verifiedName }: { t: T; verifiedName: string }) {
  const [kind, setKind] = useState<PaymentKind>('bank');
  const [account, setAccount] = useState('');
  const [bank, setBank] = useState('');
  const [branch, setBranch] = useState('');
  const [qr, setQr] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // A file input cannot be emptied from code: a new one replaces it after each save.
  const [saved, setSaved] = useState(0);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!account.trim()) next.account = t('validation.required', { field: t('field.account') });
    else if (kind === 'bank' && !isBankNumber(account)) next.account = t('error.bankNumberInvalid');
    else if (kind !== 'bank' && !/^[\p{L}\p{N}@._+-]{3,64}$/u.test(account.trim()))
      next.account = t('validation.walletAccount');
    if (kind === 'bank' && !bank.trim()) next.bank = t('validation.required', { field: t('field.bank') });
    if (errors.qrCode) next.qrCode = errors.qrCode;
    setErrors(next);
    if (Object.keys(next).length) return;
    await submitting(setBusy, async () => {
      if (kind === 'bank')
        await savePayment({ kind, name: verifiedName, account, bank, branch: branch.trim() || undefined });
      else
        await savePayment({
          kind,
          name: verifiedName,
          account: account.trim(),
          qrCode: qr ? (await uploadImage(qr, qr.name)).id : undefined,
        });
      showToast('success', t('identity.payment.saved'));
      setAccount('');
      setBank('');
      setBranch('');
      setQr(null);
      setSaved((n) => n + 1);
    });
  };

  return (
    <form className="stack-form" onSubmit={submit} noValidate data-testid="payment-form">
      <Select
        label={t('identity.payment.kind')}
        name="kind"
        value={kind}
        onChange={(v) => {
          setKind(v as PaymentKind);
          setErrors({});
        }}
        options={PAYMENT_KINDS.map((k) => ({ value: k, label: t(`identity.payment.kind.${k}`) }))}
      />
      <Field
        label={t('field.name')}
        name="name"
        value={verifiedName}
        onChange={() => {}}
        readOnly
        hint={t('identity.bank.holderHint')}
      />
      <Field
        label={t(kind === 'bank' ? 'field.number' : 'field.account')}
        name="account"
        value={account}
        onChange={setAccount}
        error={errors.account}
        autoComplete="off"
        maxLength={64}
      />
      {kind === 'bank' ? (
        <>
          <Field
            label={t('field.bank')}
            name="bank"
            value={bank}
            onChange={setBank}
            error={errors.bank}
            maxLength={100}
          />
          <Field
            label={t('field.branch')}
            name="branch"
            value={branch}
            onChange={setBranch}
            hint={t('identity.optional')}
            maxLength={100}
          />
        </>
      ) : (
        <ImagePicker
          key={saved}
          t={t}
          name="qrCode"
          label={t('field.qrCode')}
          hint={t('identity.payment.qrHint')}
          file={qr}
          error={errors.qrCode}
          onChange={(f, error) => {
            setQr(f);
            setErrors((x) => ({ ...x, qrCode: error ?? '' }));
          }}
        />
      )}
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {t('identity.payment.save')}
      </button>
    </form>
  );
}
