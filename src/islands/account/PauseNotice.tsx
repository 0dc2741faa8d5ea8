import { useStore } from '../../lib/stores/first-frame.ts';
import type { T } from '../../lib/i18n/client.ts';
import type { SecurityStatus } from '../../../isomorphic/contract/security.ts';
import { formatDateTime } from '../../../isomorphic/format/index.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';

/**
 * Withdrawals pause after a security change; this says until when and why, and `withRule` states the rule even
 * when nothing is paused, so nobody learns it only from a refused withdrawal.
 */
export function PauseNotice({ t, status, withRule = false }: { t: T; status: SecurityStatus; withRule?: boolean }) {
  const dateOptions = useStore($dateOptions);
  const lock = status.withdrawLock;
  if (!lock && !withRule) return null;
  return (
    <div className="security-pause">
      {lock && (
        <p className="security-pause__active" role="status" data-testid="withdraw-pause">
          {t('security.pause.active', {
            until: formatDateTime(lock.until, dateOptions),
            reason: t(`security.pause.reason.${lock.reason}`),
          })}
        </p>
      )}
      {withRule && <p className="field__hint">{t('security.pause.rule')}</p>}
    </div>
  );
}
