import { useState, type FormEvent } from 'react';
import type { T } from '../../../lib/i18n/client.ts';
import type { GoogleSetup, SecurityStatus } from '../../../../isomorphic/contract/security.ts';
import { bindGoogle, resetGoogle, startGoogleSetup } from '../../../lib/account/security.ts';
import { openCustomerService } from '../../../lib/common/support.ts';
import { flashToast } from '../../../lib/stores/flash.ts';
import { checkForm } from '../../../lib/user/form-rules.ts';
import { Field, PasswordField } from '../../ui/Field.tsx';
import { submitting, useForm } from '../../ui/use-form.ts';
import { maskedTarget, SendCodeToOwn } from '../ProofField.tsx';
import { copyText } from '../../ui/copy-text.ts';

interface Props {
  t: T;
  status: SecurityStatus;
  back: string;
}

/** docs/requirements.md §2 setting/google: bind the authenticator, or reset a lost one. */
export function AuthenticatorForm(props: Props) {
  return props.status.googleBound ? <ResetAuthenticator {...props} /> : <BindAuthenticator {...props} />;
}

/** Binding: a new secret shown as a QR code and as text, then the app's first code and the login password. */
function BindAuthenticator({ t, back }: Props) {
  const [setup, setSetup] = useState<GoogleSetup | null>(null);
  const form = useForm({ googleCode: '', loginPassword: '' });
  const { values, set } = form;

  const start = () =>
    void submitting(form.setBusy, async () => {
      setSetup(await startGoogleSetup());
    });
  const copy = (text: string) => copyText(t, text);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const errors = checkForm(values, { googleCode: 'googleCode', loginPassword: 'loginPassword' });
    form.setErrors(errors);
    if (Object.keys(errors).length) return;
    void submitting(form.setBusy, async () => {
      await bindGoogle({ googleCode: values.googleCode.trim(), loginPassword: values.loginPassword });
      flashToast('success', t('security.google.done'));
      window.location.assign(back);
    });
  };

  return (
    <div className="authenticator">
      <ol className="authenticator__steps">
        <li>{t('security.google.step1')}</li>
        <li>{t('security.google.step2')}</li>
        <li>{t('security.google.step3')}</li>
      </ol>
      {!setup ? (
        <button type="button" className="btn btn--primary" onClick={start} disabled={form.busy}>
          {t('security.google.start')}
        </button>
      ) : (
        <form className="stack-form" method="post" onSubmit={onSubmit} noValidate data-testid="google-bind">
          <div className="authenticator__key">
            <img src={setup.qr} width={180} height={180} alt={t('security.google.qrAlt')} />
            <div>
              <p>{t('security.google.keyText')}</p>
              <p className="authenticator__secret" data-testid="google-secret">
                {setup.secret}
              </p>
              <button type="button" className="link-button" onClick={() => void copy(setup.secret)}>
                {t('common.copy')}
              </button>
              <p className="field__hint">{t('security.google.keyWarning')}</p>
            </div>
          </div>
          <Field
            label={t('field.googleCode')}
            name="googleCode"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={values.googleCode}
            onChange={set('googleCode')}
            error={form.message(t, 'googleCode')}
          />
          <PasswordField
            label={t('field.loginPassword')}
            name="loginPassword"
            autoComplete="current-password"
            value={values.loginPassword}
            onChange={set('loginPassword')}
            error={form.message(t, 'loginPassword')}
            showLabel={t('auth.showPassword')}
            hideLabel={t('auth.hidePassword')}
          />
          <button className="btn btn--primary" type="submit" disabled={form.busy}>
            {t('security.bind')}
          </button>
        </form>
      )}
    </div>
  );
}

/** Reset: the login password and a code sent to the bound e-mail or phone; withdrawals then pause for 24 hours. */
function ResetAuthenticator({ t, status, back }: Props) {
  const channels = [...(status.email ? (['email'] as const) : []), ...(status.phone ? (['sms'] as const) : [])];
  const [channel, setChannel] = useState<'email' | 'sms'>(channels[0] ?? 'email');
  const form = useForm({ loginPassword: '', code: '' });
  const { values, set } = form;

  if (!channels.length) {
    return (
      <p className="status status--todo">
        {t('security.google.resetNeedsBinding')}{' '}
        <button type="button" className="link-button" onClick={() => void openCustomerService()}>
          {t('content.support.contact')}
        </button>
      </p>
    );
  }
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const errors = checkForm(values, { loginPassword: 'loginPassword', code: 'code' });
    form.setErrors(errors);
    if (Object.keys(errors).length) return;
    void submitting(form.setBusy, async () => {
      await resetGoogle({ loginPassword: values.loginPassword, channel, code: values.code.trim() });
      flashToast('success', t('security.google.resetDone'));
      window.location.assign(back);
    });
  };
  return (
    <form className="stack-form" method="post" onSubmit={onSubmit} noValidate data-testid="google-reset">
      <p className="status status--done">{t('security.google.isBound')}</p>
      <p>{t('security.google.resetText')}</p>
      <PasswordField
        label={t('field.loginPassword')}
        name="loginPassword"
        autoComplete="current-password"
        value={values.loginPassword}
        onChange={set('loginPassword')}
        error={form.message(t, 'loginPassword')}
        showLabel={t('auth.showPassword')}
        hideLabel={t('auth.hidePassword')}
      />
      {channels.length > 1 && (
        <fieldset className="security-choice">
          <legend>{t('field.channel')}</legend>
          {channels.map((c) => (
            <label key={c}>
              <input type="radio" name="channel" value={c} checked={channel === c} onChange={() => setChannel(c)} />{' '}
              {maskedTarget(status, c)}
            </label>
          ))}
        </fieldset>
      )}
      <Field
        label={t(channel === 'email' ? 'security.proof.emailCode' : 'security.proof.smsCode', {
          target: maskedTarget(status, channel),
        })}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={values.code}
        onChange={set('code')}
        error={form.message(t, 'code')}
        addon={<SendCodeToOwn key={channel} t={t} channel={channel} target={maskedTarget(status, channel)} />}
      />
      <button className="btn btn--sell" type="submit" disabled={form.busy}>
        {t('security.google.resetSubmit')}
      </button>
    </form>
  );
}
