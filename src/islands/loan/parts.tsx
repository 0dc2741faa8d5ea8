import type { ReactNode } from 'react';
import type { LoanState } from '../../../isomorphic/contract/loan.ts';
import { formatAmount } from '../../../isomorphic/format/index.ts';
import type { T } from '../../lib/i18n/client.ts';
import { href } from '../../lib/navigation.ts';
import '../../styles/loan.css';

/** An amount as read on the loan screens, every decimal there is and no more: '1000.50000000' → '1,000.5'. */
export const money = (value: string): string => formatAmount(value, 8, { grouping: true, pad: false });

/** docs/requirements.md §4's state of a loan as a badge. */
export function LoanStateBadge({ t, state }: { t: T; state: LoanState }) {
  return (
    <span className={`loan-state loan-state--${state}`} data-testid="loan-state">
      {t(`loan.state.${state}`)}
    </span>
  );
}

/** What a signed-out visitor sees instead of a form: why, and the way to sign in and come back. */
export function LoginFirst({ t, text }: { t: T; text: string }) {
  const back = typeof location === 'undefined' ? '' : `${location.pathname}${location.search}`;
  return (
    <p className="loan-note">
      {text}{' '}
      <a className="btn btn--primary" href={href(`/user/login?redirect=${encodeURIComponent(back)}`)}>
        {t('header.login')}
      </a>
    </p>
  );
}

/** The page head with its links to the other loan screen and the loan rules. */
export function LoanHead({ t, title, lead, links }: { t: T; title: string; lead: string; links: ReactNode }) {
  return (
    <header className="loan-head">
      <div>
        <h1>{title}</h1>
        <p className="loan-lead">{lead}</p>
      </div>
      <nav className="loan-links" aria-label={t('loan.links')}>
        {links}
      </nav>
    </header>
  );
}
