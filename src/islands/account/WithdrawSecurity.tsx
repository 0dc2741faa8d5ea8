import { useStore } from '../../lib/stores/first-frame.ts';
import type { T } from '../../lib/i18n/client.ts';
import { $securityStatus, $whitelist } from '../../lib/account/security.ts';
import { href } from '../../lib/navigation.ts';
import { PauseNotice } from './PauseNotice.tsx';

/**
 * What account security means for a withdrawal, said before it is sent: a pause after a security change (until
 * when and why), and that the whitelist is on, with the addresses it allows for the chosen network.
 */
export function WithdrawSecurity({ t, network }: { t: T; network: string | null }) {
  const status = useStore($securityStatus);
  const whitelist = useStore($whitelist);
  const allowed = whitelist?.enabled && network ? whitelist.addresses.filter((a) => a.network === network) : [];
  return (
    <>
      {status && <PauseNotice t={t} status={status} />}
      {whitelist?.enabled && network && (
        <p className="field__hint" data-testid="withdraw-whitelist">
          {t(allowed.length ? 'security.withdraw.whitelistOn' : 'security.withdraw.whitelistEmpty', { network })}{' '}
          <a href={href('/account/center?tab=security')}>{t('security.withdraw.manage')}</a>
        </p>
      )}
      {allowed.length > 0 && (
        <datalist id="whitelisted-addresses">
          {allowed.map((a) => (
            <option key={a.id} value={a.address}>
              {a.label ?? a.address}
            </option>
          ))}
        </datalist>
      )}
    </>
  );
}
