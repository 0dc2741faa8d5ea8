import { useState, type FormEvent, type ReactNode } from 'react';
import { failureMessage } from '../../lib/api/failure.ts';
import type { OtcOrder } from '../../../isomorphic/contract/otc.ts';
import type { T } from '../../lib/i18n/client.ts';
import { href } from '../../lib/navigation.ts';
import { actionsOf, type OrderAction } from '../../lib/otc/order-view.ts';
import { appealOrder, cancelOrder, markPaid, releaseOrder } from '../../lib/otc/orders.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { ImagePicker } from '../ui/ImagePicker.tsx';
import { PasswordField } from '../ui/Field.tsx';
import { submitting } from '../ui/use-form.ts';
import { OtcDialog } from './parts.tsx';

export const APPEAL_REASON_MAX = 500;

/** The buttons of the caller's part, each with its dialog; a refusal shows the server's message in the dialog. */
export function OrderActions({ t, order, now }: { t: T; order: OtcOrder; now: number }) {
  const [open, setOpen] = useState<OrderAction | null>(null);
  const actions = actionsOf(order, now);
  if (!actions.length) return null;
  const close = () => setOpen(null);
  const done = (key: string) => {
    showToast('success', t(key));
    close();
  };
  return (
    <div className="otc-actions">
      {actions.map((a) => (
        <button
          key={a}
          type="button"
          className={`btn ${a === 'cancel' || a === 'appeal' ? 'btn--outline' : 'btn--primary'}`}
          onClick={() => setOpen(a)}
          data-testid={`otc-action-${a}`}
        >
          {t(`otc.action.${a}`)}
        </button>
      ))}
      {open === 'paid' && <PaidDialog t={t} order={order} onClose={close} onDone={() => done('otc.done.paid')} />}
      {open === 'release' && (
        <ReleaseDialog t={t} order={order} onClose={close} onDone={() => done('otc.done.released')} />
      )}
      {open === 'appeal' && (
        <AppealDialog t={t} order={order} onClose={close} onDone={() => done('otc.done.appealed')} />
      )}
      <ConfirmDialog
        open={open === 'cancel'}
        title={t('otc.cancelOrder.title')}
        body={t('otc.cancelOrder.body')}
        confirmLabel={t('otc.action.cancel')}
        cancelLabel={t('otc.keep')}
        onCancel={close}
        onConfirm={() =>
          void cancelOrder(order.id).then(
            () => done('otc.done.cancelled'),
            (e: unknown) => {
              close();
              showToast('error', e instanceof Error ? e.message : t('common.operationFailed'));
            },
          )
        }
      />
    </div>
  );
}

/** A dialog's form: a refusal of the server stays above the buttons. */
function ActionForm({
  t,
  title,
  testId,
  onClose,
  submit,
  error,
  busy,
  confirm,
  children,
}: {
  t: T;
  title: string;
  testId: string;
  onClose: () => void;
  submit: (e: FormEvent) => void;
  error: string;
  busy: boolean;
  confirm: string;
  children: ReactNode;
}) {
  return (
    <OtcDialog t={t} title={title} onClose={onClose} testId={testId}>
      <form className="otc-form" onSubmit={submit} noValidate>
        {children}
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
        <div className="otc-form__actions">
          <button type="button" className="btn btn--outline" onClick={onClose}>
            {t('otc.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {confirm}
          </button>
        </div>
      </form>
    </OtcDialog>
  );
}

/** Runs an action; a refusal becomes the dialog's error. */
async function act(
  setBusy: (b: boolean) => void,
  setError: (e: string) => void,
  work: () => Promise<unknown>,
  onDone: () => void,
): Promise<void> {
  setError('');
  await submitting(setBusy, async () => {
    try {
      await work();
      onDone();
    } catch (e) {
      setError(failureMessage(e));
      throw e;
    }
  });
}

/** The optional proof image of a dialog: the file and the picker's props (a refused file is named under it). */
function useProof() {
  const [proof, setProof] = useState<File | null>(null);
  const [error, setError] = useState('');
  const onChange = (f: File | null, refusal?: string) => {
    setProof(f);
    setError(refusal ?? '');
  };
  return { proof, picker: { name: 'proof', file: proof, error, onChange, preview: false } };
}

function PaidDialog({ t, order, onClose, onDone }: { t: T; order: OtcOrder; onClose: () => void; onDone: () => void }) {
  const [payment, setPayment] = useState(order.payments.length === 1 ? String(order.payments[0]!.id) : '');
  const { proof, picker } = useProof();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!payment) return setError(t('otc.paid.choose'));
    void act(setBusy, setError, () => markPaid(order.id, Number(payment), proof), onDone);
  };
  return (
    <ActionForm
      t={t}
      title={t('otc.paid.title')}
      testId="otc-paid-dialog"
      onClose={onClose}
      submit={submit}
      error={error}
      busy={busy}
      confirm={t('otc.paid.confirm')}
    >
      <p className="otc-note">{t('otc.paid.warning', { amount: order.fiatAmount, fiat: order.fiat })}</p>
      <fieldset className="otc-choices">
        <legend>{t('otc.paid.method')}</legend>
        {order.payments.map((p) => (
          <label key={p.id}>
            <input
              type="radio"
              name="payment"
              value={p.id}
              checked={payment === String(p.id)}
              onChange={() => {
                setPayment(String(p.id));
                setError('');
              }}
            />
            {t(`identity.payment.kind.${p.kind}`)} · {p.account}
          </label>
        ))}
      </fieldset>
      <ImagePicker t={t} label={t('otc.paid.proof')} {...picker} />
    </ActionForm>
  );
}

function ReleaseDialog({
  t,
  order,
  onClose,
  onDone,
}: {
  t: T;
  order: OtcOrder;
  onClose: () => void;
  onDone: () => void;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!password) return setError(t('otc.release.passwordRequired'));
    void act(setBusy, setError, () => releaseOrder(order.id, password), onDone);
  };
  return (
    <ActionForm
      t={t}
      title={t('otc.release.title')}
      testId="otc-release-dialog"
      onClose={onClose}
      submit={submit}
      error={error}
      busy={busy}
      confirm={t('otc.release.confirm')}
    >
      <p className="otc-note">
        {t('otc.release.warning', {
          amount: order.fiatAmount,
          fiat: order.fiat,
          coin: `${order.amount.replace(/\.?0+$/, '')} ${order.coin}`,
        })}
      </p>
      <PasswordField
        label={t('otc.release.password')}
        name="fundPassword"
        autoComplete="off"
        value={password}
        onChange={(v) => {
          setPassword(v);
          setError('');
        }}
        showLabel={t('otc.release.show')}
        hideLabel={t('otc.release.hide')}
      />
      <a className="otc-small-link" href={href('/account/center/setting/trade-pwd')}>
        {t('otc.release.setPassword')}
      </a>
    </ActionForm>
  );
}

function AppealDialog({
  t,
  order,
  onClose,
  onDone,
}: {
  t: T;
  order: OtcOrder;
  onClose: () => void;
  onDone: () => void;
}) {
  const [reason, setReason] = useState('');
  const { proof, picker } = useProof();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setError(t('otc.appeal.reasonRequired'));
    if (reason.trim().length > APPEAL_REASON_MAX)
      return setError(t('otc.appeal.reasonTooLong', { max: APPEAL_REASON_MAX }));
    void act(setBusy, setError, () => appealOrder(order.id, reason.trim(), proof), onDone);
  };
  return (
    <ActionForm
      t={t}
      title={t('otc.appeal.open')}
      testId="otc-appeal-dialog"
      onClose={onClose}
      submit={submit}
      error={error}
      busy={busy}
      confirm={t('otc.appeal.submit')}
    >
      <p className="otc-note">{t('otc.appeal.explain')}</p>
      <label className="otc-textarea">
        <span>{t('otc.appeal.reason')}</span>
        <textarea
          name="reason"
          rows={4}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setError('');
          }}
        />
        <small>
          {reason.length}/{APPEAL_REASON_MAX}
        </small>
      </label>
      <ImagePicker t={t} label={t('otc.appeal.proofOptional')} {...picker} />
    </ActionForm>
  );
}
