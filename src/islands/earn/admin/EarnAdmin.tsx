import { useState, type FormEvent, type ReactNode } from 'react';
import { useStore } from '../../../lib/stores/first-frame.ts';
import type { EarnObligation, EarnPool, EarnProduct } from '../../../../isomorphic/contract/earn.ts';
import { EARLY_REDEEM, EARN_KINDS, type EarnKind } from '../../../../isomorphic/contract/earn.values.ts';
import { $earnSetup, fundEarnPool, saveEarnProduct } from '../../../lib/earn/admin.ts';
import {
  bodyOf,
  checkAmount,
  draftOf,
  emptyDraft,
  labelOf,
  poolFree,
  productProblems,
  type DraftField,
  type FormProblem,
  type ProductDraft,
} from '../../../lib/earn/admin-form.ts';
import { formatAmount } from '../../../../isomorphic/format/index.ts';
import type { T } from '../../../lib/i18n/client.ts';
import { ratePercent } from '../../../lib/loan/apply-form.ts';
import { showToast } from '../../../lib/stores/toast.ts';
import { OtherNames } from '../../ui/OtherNames.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { NAME_MAX } from '../../../../isomorphic/contract/local-names.values.ts';
import '../../../styles/earn-admin.css';

const VIEWS = ['products', 'obligations', 'pools'] as const;
type View = (typeof VIEWS)[number];

/** Every decimal there is and no more: '1000.50000000' → '1,000.5'. */
const money = (value: string) => formatAmount(value, 8, { grouping: true, pad: false });

/** A problem's sentence, its field named in the reader's language. */
const say = (t: T, p: { key: string; params?: Record<string, string | number> }) =>
  t(p.key, { ...p.params, ...(typeof p.params?.field === 'string' ? { field: t(p.params.field) } : {}) });

/**
 * The console's Earn tab: the staking, finance and liquidity-mining products (created, changed, opened and closed
 * here), what their open orders are owed, and the pool of each coin that pays the interest, with its top-up. The
 * server audits every change; one call answers all three views, loaded again after each change (src/lib/earn/admin.ts).
 */
export function EarnAdmin({ t }: { t: T }) {
  const [view, setView] = useState<View>('products');
  const answer = useStore($earnSetup);
  const setup = answer.status === 'success' ? answer.value : null;
  return (
    <div className="earn-admin" data-testid="admin-earn">
      <Tabs
        label={t('admin.tab.earn')}
        active={view}
        onChange={setView}
        tabs={VIEWS.map((k) => ({ key: k, label: t(`admin.earn.${k}`) }))}
      />
      {!setup ? (
        <p className="muted">{t('common.loading')}</p>
      ) : view === 'products' ? (
        <Products t={t} products={setup.products} />
      ) : view === 'obligations' ? (
        <Obligations t={t} rows={setup.obligations} />
      ) : (
        <Pools t={t} pools={setup.pools} />
      )}
    </div>
  );
}

/** Saves a product; the API client has already shown a refusal in the operator's language. */
async function save(t: T, d: ProductDraft): Promise<boolean> {
  try {
    await saveEarnProduct(bodyOf(d));
    showToast('success', t('admin.earn.saved'));
    return true;
  } catch {
    return false;
  }
}

function Products({ t, products }: { t: T; products: EarnProduct[] }) {
  const [editing, setEditing] = useState<ProductDraft | null>(null);
  const [newKind, setNewKind] = useState<EarnKind>(EARN_KINDS[0]);
  const toggle = async (p: EarnProduct) => {
    await save(t, { ...draftOf(p), open: !p.open });
  };
  return (
    <>
      <div className="wallet-scroll">
        <table className="wallet-table" data-testid="admin-earn-products">
          <thead>
            <tr>
              <th>{t('admin.earn.field.name')}</th>
              <th className="num">{t('admin.earn.field.dailyRate')}</th>
              <th className="num">{t('admin.earn.field.cycleDays')}</th>
              <th>{t('admin.earn.limits')}</th>
              <th className="num">{t('admin.earn.soldOfCapacity')}</th>
              <th>{t('admin.earn.field.earlyRedeem')}</th>
              <th>{t('assets.statusLabel')}</th>
              <th>{t('assets.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {products.map((p) => (
              <tr key={p.id} data-product={p.id}>
                <td>
                  {p.name}
                  <div className="muted">{t(`admin.earn.kind.${p.kind}`)}</div>
                </td>
                <td className="num">
                  {ratePercent(p.dailyRate)}
                  <div className="muted">{t('admin.earn.yearly', { rate: ratePercent(p.yearlyRate) })}</div>
                </td>
                <td className="num">{p.cycleDays}</td>
                <td>
                  <span className="earn-admin__amounts">
                    {money(p.minAmount)} – {money(p.maxAmount)} {p.coin}
                  </span>
                  <div className="muted">
                    {t('admin.earn.field.perUser')}: {p.perUser || t('admin.earn.noLimit')}
                  </div>
                </td>
                <td className="num" data-testid="earn-sold">
                  <span className="earn-admin__amounts">
                    {money(p.sold)} / {money(p.capacity)} {p.coin}
                  </span>
                  <div className="muted">{ratePercent(p.progress)}</div>
                </td>
                <td>{t(`admin.earn.early.${p.earlyRedeem}`)}</td>
                <td data-testid="earn-status">{t(p.open ? 'admin.earn.open' : 'admin.earn.closed')}</td>
                <td className="admin-actions">
                  <button type="button" className="btn" onClick={() => setEditing(draftOf(p))}>
                    {t('admin.earn.edit')}
                  </button>
                  <button type="button" className="btn" onClick={() => void toggle(p)}>
                    {t(p.open ? 'admin.earn.close' : 'admin.earn.reopen')}
                  </button>
                </td>
              </tr>
            ))}
            {!products.length && (
              <tr>
                <td colSpan={8} className="muted">
                  {t('common.noData')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {editing ? (
        <ProductForm
          key={editing.id ?? `new-${editing.kind}`}
          t={t}
          draft={editing}
          onDone={() => setEditing(null)}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <div className="earn-admin__new">
          <select
            aria-label={t('admin.earn.field.kind')}
            value={newKind}
            onChange={(e) => setNewKind(e.target.value as EarnKind)}
          >
            {EARN_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`admin.earn.kind.${k}`)}
              </option>
            ))}
          </select>
          <button type="button" className="btn btn--primary" onClick={() => setEditing(emptyDraft(newKind))}>
            {t('admin.earn.newProduct')}
          </button>
        </div>
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
  const [problems, setProblems] = useState<FormProblem[]>([]);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = productProblems(d);
    setProblems(found);
    if (found.length) return;
    setBusy(true);
    if (await save(t, d)) onDone();
    setBusy(false);
  };
  const row = (f: DraftField, input: ReactNode, hint?: string) => {
    const problem = problems.find((p) => p.field === f);
    return (
      <label className="earn-admin__row">
        <span>{t(labelOf(f))}</span>
        <span className="earn-admin__input">
          {input}
          {hint && <small className="field__hint">{hint}</small>}
          {problem && (
            <small className="field__error" role="alert" data-testid={`earn-problem-${f}`}>
              {say(t, problem)}
            </small>
          )}
        </span>
      </label>
    );
  };
  const text = (
    f: Exclude<DraftField, 'kind' | 'earlyRedeem'>,
    extra: { inputMode?: 'decimal' | 'numeric'; maxLength?: number; disabled?: boolean } = {},
  ) => (
    <input
      name={f}
      value={d[f]}
      onChange={(e) => setD({ ...d, [f]: e.target.value })}
      aria-invalid={problems.some((p) => p.field === f)}
      {...extra}
    />
  );
  const editing = d.id !== undefined;
  return (
    <form className="earn-admin__form" onSubmit={submit} noValidate data-testid="admin-earn-product-form">
      <h3>
        {editing
          ? t('admin.earn.editProduct', { name: draft.name })
          : t('admin.earn.newOf', { kind: t(`admin.earn.kind.${d.kind}`) })}
      </h3>
      {row(
        'kind',
        <select
          name="kind"
          value={d.kind}
          disabled={editing}
          onChange={(e) => setD({ ...d, kind: e.target.value as EarnKind })}
        >
          {EARN_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`admin.earn.kind.${k}`)}
            </option>
          ))}
        </select>,
      )}
      {row('name', text('name', { maxLength: NAME_MAX }))}
      <OtherNames
        t={t}
        legend={t('admin.productNames.others')}
        names={d.names}
        onChange={(names) => setD({ ...d, names })}
        testId="names"
      />
      {row('coin', text('coin', { maxLength: 10, disabled: editing }))}
      {row('dailyRate', text('dailyRate', { inputMode: 'decimal' }), t('admin.earn.rateHint'))}
      {row('cycleDays', text('cycleDays', { inputMode: 'numeric' }))}
      {row('minAmount', text('minAmount', { inputMode: 'decimal' }))}
      {row('maxAmount', text('maxAmount', { inputMode: 'decimal' }))}
      {row('capacity', text('capacity', { inputMode: 'decimal' }), t('admin.earn.capacityHint'))}
      {row('perUser', text('perUser', { inputMode: 'numeric' }), t('admin.earn.perUserHint'))}
      {row(
        'earlyRedeem',
        <select
          name="earlyRedeem"
          value={d.earlyRedeem}
          onChange={(e) => setD({ ...d, earlyRedeem: e.target.value as ProductDraft['earlyRedeem'] })}
        >
          {EARLY_REDEEM.map((k) => (
            <option key={k} value={k}>
              {t(`admin.earn.early.${k}`)}
            </option>
          ))}
        </select>,
      )}
      <label className="earn-admin__check">
        <input type="checkbox" name="open" checked={d.open} onChange={(e) => setD({ ...d, open: e.target.checked })} />{' '}
        {t('admin.earn.openForSubscription')}
      </label>
      <p className="field__hint">{t('admin.earn.termsKept')}</p>
      <div className="earn-admin__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {t('admin.earn.save')}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          {t('admin.earn.cancel')}
        </button>
      </div>
    </form>
  );
}

/** A table of the tab under its explanation: the first column text, the others figures; "no data" when empty. */
function FigureTable({
  t,
  hint,
  testId,
  heads,
  empty,
  children,
}: {
  t: T;
  hint: string;
  testId: string;
  heads: string[];
  empty: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <p className="field__hint">{hint}</p>
      <div className="wallet-scroll">
        <table className="wallet-table" data-testid={testId}>
          <thead>
            <tr>
              {heads.map((h, i) => (
                <th key={h} className={i ? 'num' : undefined}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {children}
            {empty && (
              <tr>
                <td colSpan={heads.length} className="muted">
                  {t('common.noData')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}

function Obligations({ t, rows }: { t: T; rows: EarnObligation[] }) {
  const heads = [
    t('admin.earn.product'),
    t('admin.earn.openOrders'),
    t('admin.earn.principal'),
    t('admin.earn.interestOwed'),
  ];
  return (
    <FigureTable
      t={t}
      hint={t('admin.earn.obligationsHint')}
      testId="admin-earn-obligations"
      heads={heads}
      empty={!rows.length}
    >
      {rows.map((o) => (
        <tr key={o.productId} data-obligation={o.productId}>
          <td>{o.name}</td>
          <td className="num">{o.openOrders}</td>
          <td className="num">
            {money(o.principal)} {o.coin}
          </td>
          <td className="num">
            {money(o.interestOwed)} {o.coin}
          </td>
        </tr>
      ))}
    </FigureTable>
  );
}

function Pools({ t, pools }: { t: T; pools: EarnPool[] }) {
  const [coin, setCoin] = useState(pools[0]?.coin ?? '');
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fund = async (e: FormEvent) => {
    e.preventDefault();
    const checked = checkAmount(amount, 'earn.field.amount');
    setProblem(checked.ok ? null : say(t, checked));
    if (!checked.ok) return;
    setBusy(true);
    try {
      await fundEarnPool(coin, amount.trim());
      showToast('success', t('admin.earn.funded', { coin }));
      setAmount('');
    } catch {
      // The API client has shown the refusal.
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <FigureTable
        t={t}
        hint={t('admin.earn.poolHint')}
        testId="admin-earn-pools"
        heads={[
          t('admin.earn.field.coin'),
          t('admin.earn.poolBalance'),
          t('admin.earn.reserved'),
          t('admin.earn.free'),
        ]}
        empty={!pools.length}
      >
        {pools.map((p) => {
          const free = poolFree(p);
          return (
            <tr key={p.coin} data-pool={p.coin}>
              <td>{p.coin}</td>
              <td className="num">{money(p.balance)}</td>
              <td className="num">{money(p.reserved)}</td>
              <td className={`num${free.startsWith('-') ? ' earn-admin__short' : ''}`}>{money(free)}</td>
            </tr>
          );
        })}
      </FigureTable>
      {pools.length > 0 && (
        <form className="earn-admin__form" onSubmit={fund} noValidate data-testid="admin-earn-fund">
          <label className="earn-admin__row">
            <span>{t('admin.earn.field.coin')}</span>
            <select name="coin" value={coin} onChange={(e) => setCoin(e.target.value)}>
              {pools.map((p) => (
                <option key={p.coin} value={p.coin}>
                  {p.coin}
                </option>
              ))}
            </select>
          </label>
          <label className="earn-admin__row">
            <span>{t('admin.earn.amount')}</span>
            <span className="earn-admin__input">
              <input
                name="amount"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                inputMode="decimal"
                aria-invalid={!!problem}
              />
              {problem && (
                <small className="field__error" role="alert" data-testid="earn-problem-amount">
                  {problem}
                </small>
              )}
            </span>
          </label>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {t('admin.earn.fund')}
          </button>
        </form>
      )}
    </>
  );
}
