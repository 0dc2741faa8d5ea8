import { useState, type FormEvent, type ReactNode } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { LoanApplication, LoanProduct } from '../../../isomorphic/contract/loan.ts';
import { formatDateTime } from '../../../isomorphic/format/index.ts';
import type { T } from '../../lib/i18n/client.ts';
import { ratePercent, trim } from '../../lib/loan/apply-form.ts';
import {
  $loanSetup,
  fundLoanPool,
  loanQueueStore,
  reviewLoan,
  saveLoanProduct,
  type ProductDraft,
  type QueueState,
} from '../../lib/loan/admin.ts';
import { $dateOptions } from '../../lib/stores/settings.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { IdPhotos, useIdReview } from '../admin/index.ts';
import { ReviewActions } from '../admin/index.ts';
import { OtherNames } from '../ui/OtherNames.tsx';
import { Tabs } from '../ui/Tabs.tsx';
import { NAME_MAX, othersOf } from '../../../isomorphic/contract/local-names.values.ts';
import { LoanStateBadge, money } from './parts.tsx';

const VIEWS = ['applications', 'products', 'pool'] as const;
type View = (typeof VIEWS)[number];

/** The console's Loans tab: applications to review with their ID photos, the loan products, and the loan pools. */
export function LoanAdmin({ t }: { t: T }) {
  const [view, setView] = useState<View>('applications');
  return (
    <div className="loan-admin" data-testid="admin-loans">
      <Tabs
        label={t('admin.tab.loans')}
        active={view}
        onChange={setView}
        tabs={VIEWS.map((k) => ({ key: k, label: t(`loan.admin.${k}`) }))}
      />
      {view === 'applications' ? <Applications t={t} /> : view === 'products' ? <Products t={t} /> : <Pools t={t} />}
    </div>
  );
}

function Applications({ t }: { t: T }) {
  const dates = useStore($dateOptions);
  const [state, setState] = useState<QueueState>('pending');
  // Loaded again after each decision; a refused approval (the pool cannot pay it, decided already) keeps the row
  // as it was, and the client shows why.
  const queue = useStore(loanQueueStore(state));
  const rows = queue.status === 'success' ? queue.value : null;
  const { decide, view, photos, closePhotos, reasonOf } = useIdReview<LoanApplication>(
    t,
    reviewLoan,
    'loan.admin.approved',
  );

  return (
    <>
      <Tabs
        label={t('loan.admin.applications')}
        active={state}
        onChange={setState}
        tabs={(['pending', 'passed', 'failed'] as const).map((s) => ({ key: s, label: t(`loan.state.${s}`) }))}
      />
      {!rows ? (
        <p className="muted">{t('common.loading')}</p>
      ) : (
        <div className="wallet-scroll">
          <table className="wallet-table" data-testid="admin-loan-applications">
            <thead>
              <tr>
                <th>#</th>
                <th>{t('admin.user')}</th>
                <th>{t('loan.admin.kycLevel')}</th>
                <th>{t('loan.admin.product')}</th>
                <th className="num">{t('loan.admin.amount')}</th>
                <th>{t('loan.record.cycle')}</th>
                <th>{t('loan.record.applied')}</th>
                <th>{t('assets.statusLabel')}</th>
                <th>{t('assets.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} data-application={r.id}>
                  <td>{r.id}</td>
                  <td>
                    {r.nickname} <span className="muted">UID {r.userId}</span>
                  </td>
                  <td>{t(`identity.level.${r.kycLevel}`)}</td>
                  <td>{r.name}</td>
                  <td className="num">
                    {money(r.amount)} {r.coin}
                  </td>
                  <td>{r.cycleDays}</td>
                  <td>{formatDateTime(r.appliedAt, dates)}</td>
                  <td>
                    <LoanStateBadge t={t} state={r.state} />
                    {r.reason && <div className="muted">{r.reason}</div>}
                  </td>
                  <td className="admin-actions">
                    <button type="button" className="btn" onClick={() => void view(r)}>
                      {t('admin.kyc.viewPhotos')}
                    </button>
                    {r.state === 'pending' && (
                      <ReviewActions t={t} {...reasonOf(r.id)} onDecide={(approve) => void decide(r, approve)} />
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
      {photos && (
        <IdPhotos
          t={t}
          urls={photos.urls}
          onClose={closePhotos}
          testId="admin-loan-photos"
          caption={t('loan.admin.photosOf', { id: photos.id })}
        />
      )}
    </>
  );
}

const EMPTY: ProductDraft = {
  name: '',
  names: {},
  coin: 'USDT',
  dailyRate: '',
  overdueRate: '',
  cycles: [7],
  minAmount: '',
  maxAmount: '',
  institution: '',
  institutions: {},
  open: true,
};
/** The English name and institution to edit (the list shows them in the operator's language), the others beside. */
const draftOf = ({ repayTypes: _r, ...p }: LoanProduct): ProductDraft => ({
  ...p,
  name: p.names.en,
  names: othersOf(p.names),
  institution: p.institutions.en,
  institutions: othersOf(p.institutions),
  dailyRate: trim(p.dailyRate),
  overdueRate: trim(p.overdueRate),
  minAmount: trim(p.minAmount),
  maxAmount: trim(p.maxAmount),
});

function Products({ t }: { t: T }) {
  // A setup that failed to load reads as no products.
  const setup = useStore($loanSetup);
  const products = setup.status === 'success' ? setup.value.products : setup.status === 'error' ? [] : null;
  const [editing, setEditing] = useState<ProductDraft | null>(null);
  if (!products) return <p className="muted">{t('common.loading')}</p>;
  return (
    <>
      <div className="wallet-scroll">
        <table className="wallet-table" data-testid="admin-loan-products">
          <thead>
            <tr>
              <th>{t('loan.admin.name')}</th>
              <th>{t('loan.product.dailyRate.short')}</th>
              <th>{t('loan.product.overdueRate')}</th>
              <th>{t('loan.product.cycles')}</th>
              <th>{t('loan.product.limits')}</th>
              <th>{t('loan.product.institution')}</th>
              <th>{t('assets.statusLabel')}</th>
              <th>{t('assets.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {products.map((p) => (
              <tr key={p.id}>
                <td>{p.name}</td>
                <td>{ratePercent(p.dailyRate)}</td>
                <td>{ratePercent(p.overdueRate)}</td>
                <td>{p.cycles.join(' / ')}</td>
                <td>
                  {money(p.minAmount)} – {money(p.maxAmount)} {p.coin}
                </td>
                <td>{p.institution}</td>
                <td>{t(p.open ? 'loan.admin.open' : 'loan.admin.closed')}</td>
                <td>
                  <button type="button" className="btn" onClick={() => setEditing(draftOf(p))}>
                    {t('loan.admin.edit')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editing ? (
        <ProductForm
          key={editing.id ?? 'new'}
          t={t}
          draft={editing}
          onDone={() => setEditing(null)}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <p>
          <button type="button" className="btn btn--primary" onClick={() => setEditing(EMPTY)}>
            {t('loan.admin.newProduct')}
          </button>
        </p>
      )}
    </>
  );
}

function ProductForm({
  t,
  draft,
  onDone,
  onCancel,
}: {
  t: T;
  draft: ProductDraft;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [d, setD] = useState(draft);
  const [cycles, setCycles] = useState(draft.cycles.join(', '));
  const [busy, setBusy] = useState(false);
  const text = (k: 'name' | 'coin' | 'dailyRate' | 'overdueRate' | 'minAmount' | 'maxAmount' | 'institution') => ({
    value: d[k],
    onChange: (e: { target: { value: string } }) => setD({ ...d, [k]: e.target.value }),
  });
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const list = cycles
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number);
    if (!list.length || list.some((n) => !Number.isInteger(n) || n < 1))
      return showToast('error', t('validation.loanCycle'));
    setBusy(true);
    try {
      await saveLoanProduct({ ...d, cycles: list });
      showToast('success', t('loan.admin.saved'));
      onDone();
    } catch {
      // The API client has shown the refusal.
    } finally {
      setBusy(false);
    }
  };
  const row = (label: string, input: ReactNode) => (
    <label className="loan-admin__row">
      <span>{label}</span>
      {input}
    </label>
  );
  return (
    <form className="loan-admin__form" onSubmit={save} data-testid="admin-loan-product-form">
      <h3>{t(d.id === undefined ? 'loan.admin.newProduct' : 'loan.admin.editProduct', { name: d.name })}</h3>
      {row(t('loan.admin.name'), <input {...text('name')} maxLength={NAME_MAX} />)}
      <OtherNames
        t={t}
        legend={t('admin.productNames.others')}
        names={d.names}
        onChange={(names) => setD({ ...d, names })}
        testId="names"
      />
      {row(t('loan.admin.coin'), <input {...text('coin')} maxLength={10} disabled={d.id !== undefined} />)}
      {row(t('loan.admin.dailyRateFraction'), <input {...text('dailyRate')} inputMode="decimal" />)}
      {row(t('loan.admin.overdueRateFraction'), <input {...text('overdueRate')} inputMode="decimal" />)}
      {row(t('loan.admin.cycles'), <input value={cycles} onChange={(e) => setCycles(e.target.value)} />)}
      {row(t('loan.admin.min'), <input {...text('minAmount')} inputMode="decimal" />)}
      {row(t('loan.admin.max'), <input {...text('maxAmount')} inputMode="decimal" />)}
      {row(t('loan.product.institution'), <input {...text('institution')} maxLength={NAME_MAX} />)}
      <OtherNames
        t={t}
        legend={t('admin.productNames.institutions')}
        names={d.institutions}
        onChange={(institutions) => setD({ ...d, institutions })}
        testId="institutions"
      />
      <label className="loan-admin__check">
        <input type="checkbox" checked={d.open} onChange={(e) => setD({ ...d, open: e.target.checked })} />{' '}
        {t('loan.admin.openForApplications')}
      </label>
      <p className="field__hint">{t('loan.admin.termsKept')}</p>
      <div className="loan-admin__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {t('loan.admin.save')}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          {t('loan.cancel')}
        </button>
      </div>
    </form>
  );
}

function Pools({ t }: { t: T }) {
  // A setup that failed to load reads as no pools.
  const setup = useStore($loanSetup);
  const pools = setup.status === 'success' ? setup.value.pools : setup.status === 'error' ? [] : null;
  const [coin, setCoin] = useState('USDT');
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  const fund = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await fundLoanPool(coin.trim(), amount.trim());
      showToast('success', t('loan.admin.funded'));
      setAmount('');
    } catch {
      // The API client has shown the refusal.
    } finally {
      setBusy(false);
    }
  };
  if (!pools) return <p className="muted">{t('common.loading')}</p>;
  return (
    <>
      <p className="field__hint">{t('loan.admin.poolHint')}</p>
      <div className="wallet-scroll">
        <table className="wallet-table" data-testid="admin-loan-pools">
          <thead>
            <tr>
              <th>{t('loan.admin.coin')}</th>
              <th className="num">{t('loan.admin.poolBalance')}</th>
              <th className="num">{t('loan.admin.lent')}</th>
              <th className="num">{t('loan.admin.owed')}</th>
            </tr>
          </thead>
          <tbody>
            {pools.map((p) => (
              <tr key={p.coin} data-pool={p.coin}>
                <td>{p.coin}</td>
                <td className="num">{money(p.balance)}</td>
                <td className="num">{money(p.lent)}</td>
                <td className="num">{money(p.owed)}</td>
              </tr>
            ))}
            {!pools.length && (
              <tr>
                <td colSpan={4} className="muted">
                  {t('common.noData')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <form className="loan-admin__fund" onSubmit={fund}>
        <label className="loan-admin__row">
          <span>{t('loan.admin.coin')}</span>
          <input value={coin} onChange={(e) => setCoin(e.target.value)} maxLength={10} />
        </label>
        <label className="loan-admin__row">
          <span>{t('loan.admin.amount')}</span>
          <input value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" />
        </label>
        <button type="submit" className="btn btn--primary" disabled={busy || !amount.trim()}>
          {t('loan.admin.fund')}
        </button>
      </form>
    </>
  );
}
