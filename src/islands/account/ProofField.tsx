import type { T } from '../../lib/i18n/client.ts';
import type { SecurityProof, SecurityStatus } from '../../../isomorphic/contract/security.ts';
import { maskEmail, maskPhone } from '../../../isomorphic/format/index.ts';
import { sendEmailCode, sendSmsCode } from '../../lib/account/security.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { codeNotice } from '../../lib/user/code-notice.ts';
import { Field } from '../ui/Field.tsx';
import { SendCodeButton } from '../ui/SendCodeButton.tsx';

/** The proof a security change carries, from the one code field ProofField shows. */
export function proofOf(kind: SecurityStatus['verification'], code: string): SecurityProof {
  const value = code.trim();
  if (kind === 'google') return { googleCode: value };
  if (kind === 'email') return { emailCode: value };
  if (kind === 'sms') return { smsCode: value };
  return {};
}

/** The address a 'security' code goes to, masked (docs/requirements.md §9). */
export function maskedTarget(status: SecurityStatus, channel: 'email' | 'sms'): string {
  return channel === 'email' ? maskEmail(status.email ?? '') : maskPhone(status.phone ?? '');
}

interface Props {
  t: T;
  status: SecurityStatus;
  value: string;
  onChange: (v: string) => void;
  error?: string;
}

/**
 * The confirmation of a security change, as the server asks for it (SecurityStatus.verification): the
 * authenticator's code once bound, otherwise a code sent to the bound e-mail address or phone.
 */
export function ProofField({ t, status, value, onChange, error }: Props) {
  const kind = status.verification;
  if (kind === null)
    return (
      <p className="status status--todo" role="note">
        {t('error.securityBindingRequired')}
      </p>
    );
  const common = {
    name: 'proofCode',
    inputMode: 'numeric' as const,
    autoComplete: 'one-time-code',
    maxLength: 6,
    value,
    onChange,
    error,
  };
  if (kind === 'google')
    return <Field label={t('field.googleCode')} hint={t('security.proof.googleHint')} {...common} />;
  const target = maskedTarget(status, kind);
  return (
    <Field
      label={t(kind === 'email' ? 'security.proof.emailCode' : 'security.proof.smsCode', { target })}
      {...common}
      addon={<SendCodeToOwn t={t} channel={kind} target={target} />}
    />
  );
}

/** "Send code" for a code to the user's own bound address or phone. */
export function SendCodeToOwn({ t, channel, target }: { t: T; channel: 'email' | 'sms'; target: string }) {
  return (
    <SendCodeButton
      label={t('auth.sendCode')}
      countdownLabel={(seconds) => t('auth.resendIn', { seconds })}
      canSend={() => true}
      send={async () => {
        await (channel === 'email' ? sendEmailCode() : sendSmsCode());
        const notice = codeNotice(channel);
        showToast(notice.kind, t(notice.key, { target }));
      }}
    />
  );
}

/** A six-digit code typed so far is complete: the form's own check before a round trip. */
export const isSixDigits = (s: string) => /^\d{6}$/.test(s.trim());
