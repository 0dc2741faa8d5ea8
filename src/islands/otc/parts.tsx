import type { ReactNode } from 'react';
import type { OtcMerchantCard } from '../../../isomorphic/contract/otc.ts';
import type { PaymentKind } from '../../../isomorphic/contract/identity.values.ts';
import type { T } from '../../lib/i18n/client.ts';
import type { AmountProblem } from '../../lib/otc/amounts.ts';
import { href } from '../../lib/navigation.ts';
import '../../styles/otc.css';
import { useModal } from '../ui/use-modal.ts';

/** A modal dialog on the native <dialog>, open while mounted; Escape and the ✕ go through onClose. */
export function OtcDialog({
  t,
  title,
  onClose,
  children,
  testId,
  wide,
}: {
  t: T;
  title: string;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
  wide?: boolean;
}) {
  const { titleId, dialog } = useModal(onClose);
  return (
    <dialog {...dialog} className={`otc-dialog${wide ? ' otc-dialog--wide' : ''}`} data-testid={testId}>
      <header className="otc-dialog__head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="otc-x" onClick={onClose} aria-label={t('common.close')}>
          ✕
        </button>
      </header>
      {children}
    </dialog>
  );
}

/** The merchant's card of an ad: name, orders and completion over 30 days, average release time. */
export function MerchantCell({ t, m }: { t: T; m: OtcMerchantCard }) {
  return (
    <div className="otc-merchant">
      <span className="otc-merchant__avatar" aria-hidden="true">
        {m.nickname.slice(0, 1).toUpperCase()}
      </span>
      <div>
        <strong className="otc-merchant__name">{m.nickname}</strong>
        <p className="otc-merchant__stats">
          <span>{t('otc.merchant.orders30d', { orders: m.orders30d })}</span>
          <span>
            {m.completionRate === null
              ? t('otc.merchant.noCompletion')
              : t('otc.merchant.completion', { rate: percent(m.completionRate) })}
          </span>
          {m.avgReleaseMinutes !== null && (
            <span>{t('otc.merchant.avgRelease', { minutes: oneDecimal(m.avgReleaseMinutes) })}</span>
          )}
        </p>
      </div>
    </div>
  );
}

/** A ratio "0.9833" as "98.33%". */
export function percent(ratio: string): string {
  const n = Number(ratio);
  return Number.isFinite(n) ? `${(Math.floor(n * 10000) / 100).toFixed(2)}%` : ratio;
}
/** Minutes at one decimal, at least 0.1 (a release within seconds still took some time). */
const oneDecimal = (s: string) =>
  Number.isFinite(Number(s)) ? Math.max(0.1, Math.round(Number(s) * 10) / 10).toString() : s;

/** The kinds of payment an ad or order takes, as tags. */
export function PayKinds({ t, kinds }: { t: T; kinds: readonly PaymentKind[] }) {
  return (
    <span className="otc-kinds">
      {[...new Set(kinds)].map((k) => (
        <span key={k} className={`otc-kind otc-kind--${k}`}>
          {t(`identity.payment.kind.${k}`)}
        </span>
      ))}
    </span>
  );
}

/** An amount problem as a sentence (the limits use the server's own wording, error.otcOutsideLimits). */
export function amountProblemText(t: T, p: AmountProblem, coin: string, fiat: string): string {
  switch (p.key) {
    case 'tooPrecise':
      return t('otc.error.tooPrecise', { decimals: p.decimals });
    case 'outsideLimits':
      return t('error.otcOutsideLimits', { min: p.min, max: p.max, fiat });
    case 'overRemaining':
      return t('otc.error.overRemaining', { amount: p.remaining, coin });
    case 'overBalance':
      return t('otc.error.overBalance', { amount: p.available, coin });
    default:
      return t(`otc.error.${p.key}`);
  }
}

/** Previous / next page buttons with "Page 2 of 5". */
export function Pager({
  t,
  page,
  total,
  size,
  onPage,
}: {
  t: T;
  page: number;
  total: number;
  size: number;
  onPage: (p: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1) return null;
  return (
    <nav className="otc-pager" aria-label={t('otc.pages')}>
      <button type="button" className="btn btn--outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('assets.prev')}
      </button>
      <span>{t('assets.pageOf', { page, pages })}</span>
      <button type="button" className="btn btn--outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('assets.next')}
      </button>
    </nav>
  );
}

/** A signed-out visitor's way in: log in, then come back here. */
export function LoginPrompt({ t, text }: { t: T; text: string }) {
  const back = typeof location === 'undefined' ? '' : `${location.pathname}${location.search}`;
  return (
    <p className="otc-empty">
      {text}{' '}
      <a className="btn btn--primary" href={href(`/user/login?redirect=${encodeURIComponent(back)}`)}>
        {t('header.login')}
      </a>
    </p>
  );
}
