import { useEffect, useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { LoanRecord } from '../../../isomorphic/contract/loan.ts';
import { formatDateTime } from '../../../isomorphic/format/index.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { useMessages, type Messages, type T } from '../../lib/i18n/client.ts';
import { ratePercent } from '../../lib/loan/apply-form.ts';
import { $myLoans, loadMyLoans, loanNow, LOANS_PAGE_SIZE, repayLoan } from '../../lib/loan/loans.ts';
import { href } from '../../lib/navigation.ts';
import { $isLogin } from '../../lib/stores/session.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { Fact } from '../ui/Fact.tsx';
import { Pager } from '../ui/Pager.tsx';
import { LoanHead, LoanStateBadge, LoginFirst, money } from './parts.tsx';

/**
 * docs/requirements.md §2 /loan/order: the user's loans in the states of docs/requirements.md §4, what each owes now,
 * and repaying it.
 */
export default function LoanOrders({ locale, messages }: { locale: Locale; messages: Messages }) {
  const t = useMessages(locale, messages);
  const isLogin = useStore($isLogin);
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <div className="loan-page">
      <LoanHead
        t={t}
        title={t('loan.orders.title')}
        lead={t('loan.orders.lead')}
        links={
          <>
            <a href={href('/loan/index', locale)}>{t('loan.nav.apply')}</a>
            <a href={href('/account/wallet?tab=bills', locale)}>{t('loan.nav.bills')}</a>
          </>
        }
      />
      {!ready ? (
        <p className="loan-note">{t('common.loading')}</p>
      ) : isLogin ? (
        <LoanList t={t} locale={locale} />
      ) : (
        <LoginFirst t={t} text={t('loan.orders.loginFirst')} />
      )}
    </div>
  );
}

function LoanList({ t, locale }: { t: T; locale: Locale }) {
  const view = useStore($myLoans);
  const [repaying, setRepaying] = useState<LoanRecord | null>(null);
  const [busy, setBusy] = useState(false);

  // What is owed is worked out on the server's clock at the moment of asking, so the dialog asks again first.
  const ask = async (l: LoanRecord) => {
    try {
      setRepaying(await loanNow(l.id));
    } catch (e) {
      showToast('error', e instanceof Error ? e.message : t('common.operationFailed'));
    }
  };
  const repay = async () => {
    const l = repaying;
    setRepaying(null);
    if (!l) return;
    setBusy(true);
    try {
      await repayLoan(l.id);
      showToast('success', t('loan.repay.done'));
    } catch {
      // The API client has shown the refusal (not enough in the spot account).
    } finally {
      setBusy(false);
    }
  };

  if (view.status === 'error')
    return (
      <p className="loan-note" role="alert">
        {view.error}
      </p>
    );
  if (view.status !== 'ready' && !view.records.length) return <p className="loan-note">{t('common.loading')}</p>;
  if (!view.records.length) {
    return (
      <p className="loan-note">
        {t('loan.orders.none')}{' '}
        <a className="btn btn--primary" href={href('/loan/index', locale)}>
          {t('loan.nav.apply')}
        </a>
      </p>
    );
  }
  return (
    <>
      <ul className="loan-cards" data-testid="loan-list">
        {view.records.map((l) => (
          <LoanCard key={l.id} t={t} l={l} busy={busy} onRepay={() => void ask(l)} />
        ))}
      </ul>
      <Pager t={t} page={view.page} total={view.total} size={LOANS_PAGE_SIZE} onPage={(p) => void loadMyLoans(p)} />
      <ConfirmDialog
        open={repaying !== null}
        title={t('loan.repay.title')}
        body={
          repaying
            ? t('loan.repay.body', {
                principal: money(repaying.amount),
                interest: money(repaying.interest),
                penalty: money(repaying.penalty),
                total: money(repaying.totalDue),
                coin: repaying.coin,
              })
            : ''
        }
        confirmLabel={t('loan.repay.confirm')}
        cancelLabel={t('loan.cancel')}
        onConfirm={() => void repay()}
        onCancel={() => setRepaying(null)}
      />
    </>
  );
}

function LoanCard({ t, l, busy, onRepay }: { t: T; l: LoanRecord; busy: boolean; onRepay: () => void }) {
  const dates = useStore($dateOptions);
  const when = (ms: number | null) => (ms === null ? '—' : formatDateTime(ms, dates));
  const out = l.state === 'passed' || l.state === 'overdue';
  const c = l.coin;
  return (
    <li className={`panel loan-card loan-card--${l.state}`} data-loan={l.id}>
      <header className="loan-card__head">
        <strong>{l.name}</strong>
        <span className="loan-card__amount">
          {money(l.amount)} {c}
        </span>
        <LoanStateBadge t={t} state={l.state} />
      </header>
      <dl className="facts loan-facts">
        <Fact label={t('loan.record.applied')}>{when(l.appliedAt)}</Fact>
        <Fact label={t('loan.record.cycle')}>{l.cycleDays}</Fact>
        <Fact label={t('loan.record.rate')}>{ratePercent(l.dailyRate)}</Fact>
        <Fact label={t('loan.product.institution')}>{l.institution}</Fact>
        {l.startAt !== null && <Fact label={t('loan.record.paidOut')}>{when(l.startAt)}</Fact>}
        {l.dueAt !== null && <Fact label={t('loan.record.due')}>{when(l.dueAt)}</Fact>}
        {l.startAt !== null && (
          <Fact
            label={t(l.state === 'settled' ? 'loan.record.interestPaid' : 'loan.record.interestNow', {
              days: l.interestDays,
            })}
            testId="loan-interest"
          >
            {money(l.interest)} {c}
          </Fact>
        )}
        {(l.overdueDays > 0 || l.state === 'overdue') && (
          <Fact
            label={t('loan.record.penalty', { days: l.overdueDays, rate: ratePercent(l.overdueRate) })}
            testId="loan-penalty"
          >
            <span className="loan-penalty">
              {money(l.penalty)} {c}
            </span>
          </Fact>
        )}
        {l.startAt !== null && (
          <Fact label={t(l.state === 'settled' ? 'loan.record.totalPaid' : 'loan.record.totalNow')} testId="loan-total">
            <strong>
              {money(l.totalDue)} {c}
            </strong>
          </Fact>
        )}
        {l.repaidAt !== null && <Fact label={t('loan.record.repaid')}>{when(l.repaidAt)}</Fact>}
      </dl>
      {l.state === 'failed' && l.reason && (
        <p className="loan-note loan-note--warn" role="note">
          {t('loan.record.reason', { reason: l.reason })}
        </p>
      )}
      {l.state === 'pending' && <p className="field__hint">{t('loan.record.pendingHint')}</p>}
      {l.state === 'overdue' && (
        <p className="loan-note loan-note--warn" role="note">
          {t('loan.record.overdueHint', { days: l.overdueDays })}
        </p>
      )}
      {out && (
        <div className="loan-card__actions">
          <button type="button" className="btn btn--primary" disabled={busy} onClick={onRepay} data-testid="loan-repay">
            {t(l.state === 'overdue' ? 'loan.repay.late' : 'loan.repay.button')}
          </button>
        </div>
      )}
    </li>
  );
}
