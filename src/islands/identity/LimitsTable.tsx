import { useStore } from '../../lib/stores/first-frame.ts';
import type { T } from '../../lib/i18n/client.ts';
import { $identity } from '../../lib/identity/actions.ts';
import { usdt } from './parts.tsx';

/**
 * docs/requirements.md §6 verification levels and what each allows: the 24-hour withdrawal limit, the user's own row
 * marked.
 */
export function LimitsTable({ t }: { t: T }) {
  const identity = useStore($identity);
  if (!identity) return null;
  const { level, withdrawLimit } = identity;
  return (
    <section className="identity-limits" aria-labelledby="identity-limits-title">
      <h2 className="panel__subtitle" id="identity-limits-title">
        {t('identity.limits.title')}
      </h2>
      <p className="identity-level" data-testid="kyc-level">
        {t('identity.level.yours', { level: t(`identity.level.${level}`) })}
      </p>
      <table className="wallet-table identity-limits__table">
        <thead>
          <tr>
            <th>{t('identity.limits.level')}</th>
            <th className="num">{t('identity.limits.daily', { hours: withdrawLimit.windowHours })}</th>
          </tr>
        </thead>
        <tbody>
          {withdrawLimit.limits.map((limit, l) => (
            <tr
              key={l}
              className={l === level ? 'is-current' : undefined}
              aria-current={l === level ? 'true' : undefined}
            >
              <td>
                {t(`identity.level.${l}`)}
                {l === level && <span className="muted"> · {t('identity.limits.yours')}</span>}
              </td>
              <td className="num">{usdt(limit)} USDT</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="field__hint" data-testid="kyc-remaining">
        {t('identity.limits.used', {
          used: usdt(withdrawLimit.used),
          remaining: usdt(withdrawLimit.remaining),
          hours: withdrawLimit.windowHours,
        })}
      </p>
    </section>
  );
}
