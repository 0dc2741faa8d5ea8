import { useEffect, useState } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { useMessages, type Messages, type T } from '../../lib/i18n/client.ts';
import type { RechargeRecord, ReviewStatus, WithdrawalRecord } from '../../../isomorphic/contract/wallet.ts';
import { formatAssetAmount as fmt, formatDateTime } from '../../../isomorphic/format/index.ts';
import { href } from '../../lib/navigation.ts';
import { $isLogin, $userInfo } from '../../lib/stores/session.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { $idle, valueOf } from '../../lib/stores/remote.ts';
import { $rates } from '../../lib/wallet/balances.ts';
import { platformConfig } from '../../lib/platform.ts';
import {
  $auditLog,
  $outbox,
  reviewQueueStore,
  reviewRecharge,
  reviewWithdrawal,
  saveRates,
  screenshotStore,
} from '../../lib/wallet/admin.ts';
import { auditSummary } from '../../lib/wallet/audit.ts';
import { Tabs } from '../ui/Tabs.tsx';
import { SwapDesk } from './SwapDesk.tsx';
import { SecondsDesk } from './SecondsDesk.tsx';
import { KycReview } from './KycReview.tsx';
import { ReferralAdmin } from '../referral/index.ts';
import { ProofAdmin } from '../proof/index.ts';
import { OtcConsole } from './otc/OtcConsole.tsx';
import { LoanAdmin } from '../loan/index.ts';
import { EarnAdmin } from '../earn/index.ts';
import { StatusBadge } from '../ui/StatusBadge.tsx';
import { ReviewActions } from './ReviewActions.tsx';
import { ChainsDesk } from './ChainsDesk.tsx';
import { FeeScheduleAdmin } from '../fees/index.ts';
import { PayoutStatus, reasonText } from '../wallet/index.ts';

const TABS = [
  'recharges',
  'withdrawals',
  'chains',
  'kyc',
  'otc',
  'loans',
  'earn',
  'audit',
  'outbox',
  'swap',
  'seconds',
  'rates',
  'referral',
  'fees',
  'proof',
] as const;
type Tab = (typeof TABS)[number];

/**
 * The operator console (/admin): review queues with the payment screenshot, decisions with reasons, the chains, the
 * audit log, the outbox, the swap desk and display rates.
 */
export default function AdminApp({ locale, messages }: { locale: Locale; messages: Messages }) {
  const t = useMessages(locale, messages);
  const isLogin = useStore($isLogin);
  const user = useStore($userInfo);
  const [mounted, setMounted] = useState(false);
  const [tab, setTab] = useState<Tab>('recharges');
  useEffect(() => setMounted(true), []);
  const role = (user as { role?: string } | null)?.role;

  let body;
  if (!mounted) body = <p>{t('common.loading')}</p>;
  else if (!isLogin)
    body = (
      <p>
        {t('admin.loginRequired')}{' '}
        <a
          className="btn btn--primary"
          href={href(`/user/login?redirect=${encodeURIComponent(location.pathname)}`, locale)}
        >
          {t('header.login')}
        </a>
      </p>
    );
  else if (role !== undefined && role !== 'operator') body = <p role="alert">{t('admin.operatorsOnly')}</p>;
  else if (tab === 'recharges' || tab === 'withdrawals') body = <Queue key={tab} t={t} kind={tab} />;
  else if (tab === 'chains') body = <ChainsDesk t={t} />;
  else if (tab === 'kyc') body = <KycReview t={t} />;
  else if (tab === 'otc') body = <OtcConsole t={t} />;
  else if (tab === 'loans') body = <LoanAdmin t={t} />;
  else if (tab === 'earn') body = <EarnAdmin t={t} />;
  else if (tab === 'audit') body = <Audit t={t} />;
  else if (tab === 'outbox') body = <Outbox t={t} />;
  else if (tab === 'swap') body = <SwapDesk t={t} />;
  else if (tab === 'seconds') body = <SecondsDesk t={t} />;
  else if (tab === 'referral') body = <ReferralAdmin t={t} />;
  else if (tab === 'fees') body = <FeeScheduleAdmin t={t} />;
  else if (tab === 'proof') body = <ProofAdmin t={t} />;
  else body = <Rates t={t} />;

  return (
    <div className="admin-app">
      <h1 className="panel__title">{t('admin.title')}</h1>
      <Tabs
        label={t('admin.title')}
        active={tab}
        onChange={setTab}
        tabs={TABS.map((k) => ({ key: k, label: t(`admin.tab.${k}`) }))}
      />
      <section className="panel admin-panel" aria-live="polite">
        {body}
      </section>
    </div>
  );
}

type Row = (RechargeRecord | WithdrawalRecord) & { username?: string };

function Queue({ t, kind }: { t: T; kind: 'recharges' | 'withdrawals' }) {
  const dates = useStore($dateOptions);
  const [status, setStatus] = useState<ReviewStatus>('review');
  // Loaded again after each decision.
  const queue = useStore(reviewQueueStore(kind, status));
  const rows: Row[] | null = queue.status === 'success' ? queue.value : null;
  const [reasons, setReasons] = useState<Record<number, string>>({});
  // The deposit whose screenshot is open.
  const [shown, setShown] = useState<RechargeRecord | null>(null);
  const image = useStore(shown ? screenshotStore(shown.screenshot) : $idle);

  const decide = async (row: Row, approve: boolean) => {
    const reason = reasons[row.id]?.trim();
    if (!approve && !reason) return showToast('error', t('error.reasonRequired'));
    try {
      await (kind === 'recharges' ? reviewRecharge : reviewWithdrawal)(row.id, approve, reason || undefined);
      showToast('success', t(approve ? 'admin.approved' : 'admin.rejected'));
    } catch {
      // The API client has shown the message.
    }
  };

  return (
    <>
      <Tabs
        label={t(`admin.tab.${kind}`)}
        active={status}
        onChange={setStatus}
        tabs={(['review', 'passed', 'failed'] as const).map((s) => ({ key: s, label: t(`assets.status.${s}`) }))}
      />
      {!rows ? (
        <p className="muted">{t('common.loading')}</p>
      ) : (
        <div className="wallet-scroll">
          <table className="wallet-table" data-testid={`admin-${kind}`}>
            <thead>
              <tr>
                <th>{t('assets.orderNo')}</th>
                <th>{t('admin.user')}</th>
                <th>{t('assets.time')}</th>
                <th>{t('assets.coin')}</th>
                <th>{kind === 'recharges' ? t('assets.network') : t('assets.address')}</th>
                <th className="num">{t('assets.amount')}</th>
                {kind === 'withdrawals' && <th className="num">{t('assets.fee')}</th>}
                <th>{t('assets.statusLabel')}</th>
                <th>{t('assets.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} data-order={r.orderNo}>
                  <td>{r.orderNo}</td>
                  <td>{r.username}</td>
                  <td>{formatDateTime(r.createTime, dates)}</td>
                  <td>{r.coin}</td>
                  <td className="wallet-break">
                    {'screenshot' in r
                      ? r.network
                      : `${r.method === 'bank' ? t('assets.method.bank') : r.network}: ${r.address}`}
                  </td>
                  <td className="num">{fmt(r.amount, 8)}</td>
                  {kind === 'withdrawals' && <td className="num">{fmt((r as WithdrawalRecord).fee, 8)}</td>}
                  <td>
                    <StatusBadge t={t} status={r.status} />
                    {r.reason && (
                      <div className="muted">{'chain' in r ? reasonText(t, r as WithdrawalRecord) : r.reason}</div>
                    )}
                    {'chain' in r && r.chain && <PayoutStatus t={t} chain={r.chain} />}
                  </td>
                  <td className="admin-actions">
                    {'screenshot' in r && (
                      <button type="button" className="btn" onClick={() => setShown(r)}>
                        {t('admin.viewScreenshot')}
                      </button>
                    )}
                    {r.status === 'review' && (
                      <ReviewActions
                        t={t}
                        reason={reasons[r.id] ?? ''}
                        onReason={(v) => setReasons({ ...reasons, [r.id]: v })}
                        onDecide={(approve) => void decide(r, approve)}
                      />
                    )}
                  </td>
                </tr>
              ))}
              {!rows.length && (
                <tr>
                  <td colSpan={9} className="muted">
                    {t('common.noData')}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
      {shown && image.status === 'success' && (
        <figure className="admin-shot">
          <img src={image.value} alt={t('assets.screenshot')} data-testid="admin-screenshot" />
          <figcaption>
            <button type="button" className="btn" onClick={() => setShown(null)}>
              {t('common.close')}
            </button>
          </figcaption>
        </figure>
      )}
    </>
  );
}

function Audit({ t }: { t: T }) {
  const dates = useStore($dateOptions);
  const log = useStore($auditLog);
  const rows = log.status === 'success' ? log.value : null;
  if (!rows) return <p className="muted">{t('common.loading')}</p>;
  return (
    <div className="wallet-scroll">
      <table className="wallet-table" data-testid="admin-audit">
        <thead>
          <tr>
            <th>{t('assets.time')}</th>
            <th>{t('admin.operator')}</th>
            <th>{t('admin.action')}</th>
            <th>{t('admin.target')}</th>
            <th>{t('admin.detail')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td>{formatDateTime(r.time, dates)}</td>
              <td>{r.operator}</td>
              <td>{t(`admin.action.${r.action}`)}</td>
              <td>
                {r.targetType} #{r.targetId}
              </td>
              <td className="wallet-break muted">{auditSummary(r.detail, t)}</td>
            </tr>
          ))}
          {!rows.length && (
            <tr>
              <td colSpan={5} className="muted">
                {t('common.noData')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/** What the platform wrote to users; on an install without a mail or SMS transport, the only place codes appear. */
function Outbox({ t }: { t: T }) {
  const dates = useStore($dateOptions);
  const sent = useStore($outbox);
  const rows = sent.status === 'success' ? sent.value : null;
  const { email, sms } = platformConfig().deliversCodes;
  return (
    <>
      <p className={email && sms ? 'field__hint' : 'form-note'} role="note">
        {t(email && sms ? 'admin.outbox.hint' : 'admin.outbox.noTransport')}
      </p>
      {!rows ? (
        <p className="muted">{t('common.loading')}</p>
      ) : (
        <div className="wallet-scroll">
          <table className="wallet-table" data-testid="admin-outbox">
            <thead>
              <tr>
                <th>{t('assets.time')}</th>
                <th>{t('admin.outbox.channel')}</th>
                <th>{t('admin.outbox.target')}</th>
                <th>{t('admin.outbox.subject')}</th>
                <th>{t('admin.outbox.body')}</th>
                <th>{t('admin.outbox.status')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>{formatDateTime(r.time, dates)}</td>
                  <td>{t(`admin.outbox.channel.${r.channel}`)}</td>
                  <td className="wallet-break">{r.target}</td>
                  <td>{r.subject}</td>
                  <td className="wallet-break outbox-body">{r.body}</td>
                  <td>{r.status === 'pending' ? '…' : t(`admin.outbox.${r.status}`)}</td>
                </tr>
              ))}
              {!rows.length && (
                <tr>
                  <td colSpan={6} className="muted">
                    {t('common.noData')}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function Rates({ t }: { t: T }) {
  const rates = valueOf(useStore($rates), []);
  // What the operator typed; until then the rates the site shows.
  const [edits, setRows] = useState<typeof rates | null>(null);
  const rows = edits ?? rates;
  const save = async () => {
    try {
      await saveRates(
        rows.map(({ exchange_code, quote_currency, code_symbol, rate }) => ({
          exchange_code,
          quote_currency,
          code_symbol,
          rate,
        })),
      );
      showToast('success', t('common.operationSuccess'));
    } catch {
      // The API client has shown the message.
    }
  };
  return (
    <div className="stack-form">
      <p className="field__hint">{t('admin.ratesHint')}</p>
      <table className="wallet-table">
        <thead>
          <tr>
            <th>{t('admin.currency')}</th>
            <th className="num">{t('admin.ratePerUsdt')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={r.exchange_code}>
              <td>
                {r.code_symbol} {r.exchange_code}
              </td>
              <td className="num">
                <input
                  inputMode="decimal"
                  value={r.rate}
                  onChange={(e) => setRows(rows.map((x, j) => (j === i ? { ...x, rate: e.target.value } : x)))}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" className="btn btn--primary" onClick={() => void save()}>
        {t('admin.save')}
      </button>
    </div>
  );
}
