import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import type { T } from '../../lib/i18n/client.ts';
import { href } from '../../lib/navigation.ts';
import { flashToast } from '../../lib/stores/flash.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { checkForm } from '../../lib/user/form-rules.ts';
import { changePassword, setFundPassword } from '../../lib/user/actions.ts';
import { Field, PasswordField } from '../ui/Field.tsx';
import { submitting, useForm } from '../ui/use-form.ts';

interface Props {
  kind: 'login' | 'fund';
  t: T;
  locale: Locale;
  /** The authenticator is bound: its code confirms the change (server/account/security). */
  googleBound?: boolean;
}

/**
 * Changing the login password (old + new) or setting the fund password (login password + new). Both travel
 * sealed; a login-password change ends the session, so the user is sent to log in again (docs/requirements.md §8).
 */
export function PasswordForm({ kind, t, locale, googleBound = false }: Props) {
  const form = useForm({ oldPassword: '', password: '', confirmPassword: '', googleCode: '' });
  const { values, set } = form;
  const first = kind === 'login' ? 'oldPassword' : 'loginPassword';

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const errors = checkForm(
      values,
      {
        oldPassword: 'loginPassword',
        password: 'password',
        ...(googleBound ? { googleCode: 'googleCode' as const } : {}),
      },
      { field: 'confirmPassword', equals: 'password' },
    );
    form.setErrors(errors);
    if (Object.keys(errors).length) return;
    const googleCode = googleBound ? values.googleCode.trim() : undefined;
    void submitting(form.setBusy, async () => {
      if (kind === 'login') {
        await changePassword({ oldPassword: values.oldPassword, newPassword: values.password, googleCode });
        flashToast('success', t('msg.passwordChanged'));
        window.location.assign(href('/user/login', locale));
      } else {
        await setFundPassword({
          loginPassword: values.oldPassword,
          password: values.password,
          confirmPassword: values.confirmPassword,
          googleCode,
        });
        showToast('success', t('msg.fundPasswordSet'));
        form.setValues({ oldPassword: '', password: '', confirmPassword: '', googleCode: '' });
      }
    });
  };

  const toggle = { showLabel: t('auth.showPassword'), hideLabel: t('auth.hidePassword') };
  const error = (field: string) =>
    form.errors[field] &&
    t(form.errors[field]!, {
      field: t(
        `field.${field === 'oldPassword' ? first : field === 'password' ? (kind === 'login' ? 'newPassword' : 'fundPassword') : field}`,
      ),
    });
  return (
    <form className="stack-form" method="post" onSubmit={onSubmit} noValidate>
      <p>{t(kind === 'login' ? 'user.loginPwd.text' : 'user.tardPwd.text')}</p>
      <PasswordField
        label={t(`field.${first}`)}
        name={first}
        autoComplete="current-password"
        value={values.oldPassword}
        onChange={set('oldPassword')}
        error={error('oldPassword')}
        {...toggle}
      />
      <PasswordField
        label={t(kind === 'login' ? 'field.newPassword' : 'field.fundPassword')}
        name="password"
        autoComplete="new-password"
        value={values.password}
        onChange={set('password')}
        error={error('password')}
        hint={t('auth.passwordHint')}
        {...toggle}
      />
      <PasswordField
        label={t('field.confirmPassword')}
        name="confirmPassword"
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={set('confirmPassword')}
        error={error('confirmPassword')}
        {...toggle}
      />
      {googleBound && (
        <Field
          label={t('field.googleCode')}
          name="googleCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={values.googleCode}
          onChange={set('googleCode')}
          error={error('googleCode')}
        />
      )}
      <button className="btn btn--primary" type="submit" disabled={form.busy}>
        {t(kind === 'login' ? 'user.loginPwd.submit' : 'user.tardPwd.submit')}
      </button>
    </form>
  );
}
