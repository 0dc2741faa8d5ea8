import type { Locale } from '../../lib/i18n/locales.ts';
import { useMessages, type Messages } from '../../lib/i18n/client.ts';
import { openCustomerService } from '../../lib/common/support.ts';
import { href } from '../../lib/navigation.ts';
import { flashToast } from '../../lib/stores/flash.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { codeNotice } from '../../lib/user/code-notice.ts';
import { checkForm, RULES } from '../../lib/user/form-rules.ts';
import { resetPassword, sendEmailCode } from '../../lib/user/actions.ts';
import { Field, PasswordField } from '../ui/Field.tsx';
import { SendCodeButton } from '../ui/SendCodeButton.tsx';
import { submitting, useForm } from '../ui/use-form.ts';

interface Props {
  locale: Locale;
  messages: Messages;
}

/** spec §2 /user/reset: e-mail, code, new password, confirmation; and what an account without e-mail can do. */
export default function ResetForm({ locale, messages }: Props) {
  const t = useMessages(locale, messages);
  const form = useForm({ email: '', code: '', password: '', confirmPassword: '' });
  const { values, set } = form;

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const errors = checkForm(values, { email: 'email', code: 'code', password: 'password' }, { field: 'confirmPassword', equals: 'password' });
    form.setErrors(errors);
    if (Object.keys(errors).length) return;
    void submitting(form.setBusy, async () => {
      await resetPassword({ type: 'email', email: values.email.trim(), emailCode: values.code.trim(), password: values.password, confirmPassword: values.confirmPassword });
      flashToast('success', t('msg.resetSuccess'));
      window.location.assign(href('/user/login?type=email', locale));
    });
  };

  const passwordToggle = { showLabel: t('auth.showPassword'), hideLabel: t('auth.hidePassword') };
  return (
    <form className="auth-card" method="post" onSubmit={onSubmit} noValidate>
      <h1>{t('auth.reset.title')}</h1>
      <p className="auth-card__subtitle">{t('auth.reset.subtitle')}</p>
      {/* Reset proves the account by e-mail, which an account registered by user name cannot bind yet. */}
      <p className="form-note" data-testid="reset-username-note">
        {t('auth.reset.usernameNote')}
        <button type="button" className="link-button" onClick={() => void openCustomerService()}>{t('content.support.contact')}</button>
      </p>
      <Field label={t('field.email')} name="email" type="email" autoComplete="email" maxLength={254} value={values.email} onChange={set('email')} error={form.message(t, 'email')} />
      <Field
        label={t('field.emailCode')} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={values.code} onChange={set('code')} error={form.message(t, 'code')}
        addon={
          <SendCodeButton
            label={t('auth.sendCode')}
            countdownLabel={(seconds) => t('auth.resendIn', { seconds })}
            canSend={() => {
              const problem = RULES.email(values.email);
              if (problem) form.setErrors((e) => ({ ...e, email: problem }));
              return !problem;
            }}
            send={async () => {
              await sendEmailCode(values.email.trim(), 'reset');
              const notice = codeNotice('email');
              showToast(notice.kind, t(notice.key, { target: values.email.trim() }));
            }}
          />
        }
      />
      <PasswordField label={t('field.newPassword')} name="password" autoComplete="new-password" value={values.password} onChange={set('password')} error={form.message(t, 'password')} hint={t('auth.passwordHint')} {...passwordToggle} />
      <PasswordField label={t('field.confirmPassword')} name="confirmPassword" autoComplete="new-password" value={values.confirmPassword} onChange={set('confirmPassword')} error={form.message(t, 'confirmPassword')} {...passwordToggle} />
      <button className="btn btn--primary btn--block" type="submit" disabled={form.busy}>{t('auth.submit.reset')}</button>
      <p className="auth-card__switch"><a href={href('/user/login', locale)}>{t('auth.goLogin')}</a></p>
    </form>
  );
}
