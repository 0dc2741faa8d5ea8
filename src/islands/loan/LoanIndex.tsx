import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from '../../lib/stores/first-frame.ts';
import type { LoanProduct, RepayType } from '../../../isomorphic/contract/loan.ts';
import type { Locale } from '../../../isomorphic/i18n/locales.ts';
import { useMessages, type Messages, type T } from '../../lib/i18n/client.ts';
import { $identity } from '../../lib/identity/actions.ts';
import { applyProblems, applyQuote, ratePercent, trim, type ApplyProblem } from '../../lib/loan/apply-form.ts';
import { $loanCatalog, applyForLoan } from '../../lib/loan/loans.ts';
import { href } from '../../lib/navigation.ts';
import { $isLogin } from '../../lib/stores/session.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { ImagePicker } from '../ui/ImagePicker.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { Field } from '../ui/Field.tsx';
import { submitting } from '../ui/use-form.ts';
import { Fact } from '../ui/Fact.tsx';
import { Select } from '../ui/Select.tsx';
import { LoanHead, LoginFirst, money } from './parts.tsx';

const PHOTOS = ['front', 'back', 'selfie'] as const;
type Photo = (typeof PHOTOS)[number];

/**
 * docs/requirements.md §2 /loan/index: the loan products, and the application with its ID photos and its cost before
 * confirming.
 */
export default function LoanIndex({ locale, messages }: { locale: Locale; messages: Messages }) {
  const t = useMessages(locale, messages);
  const catalog = useStore($loanCatalog);
  const isLogin = useStore($isLogin);
  const [ready, setReady] = useState(false);
  const [chosen, setChosen] = useState<number | null>(null);
  useEffect(() => setReady(true), []);
  const product = catalog.products.find((p) => p.id === chosen) ?? catalog.products[0];
  return (
    <div className="loan-page">
      <LoanHead
        t={t}
        title={t('loan.index.title')}
        lead={t('loan.index.lead')}
        links={
          <>
            <a href={href('/loan/order', locale)}>{t('loan.nav.orders')}</a>
            <a href={href('/rule/index#loan', locale)}>{t('loan.nav.rules')}</a>
          </>
        }
      />
      {catalog.status === 'error' && (
        <p className="loan-note" role="alert">
          {catalog.error}
        </p>
      )}
      {catalog.status === 'ready' && !catalog.products.length && <p className="loan-note">{t('loan.index.none')}</p>}
      {(catalog.status === 'idle' || catalog.status === 'loading') && (
        <p className="loan-note">{t('common.loading')}</p>
      )}
      {catalog.products.length > 0 && (
        <div className="loan-products" role="radiogroup" aria-label={t('loan.index.products')}>
          {catalog.products.map((p) => (
            <ProductCard key={p.id} t={t} p={p} chosen={p.id === product?.id} onChoose={() => setChosen(p.id)} />
          ))}
        </div>
      )}
      {product && ready && (
        <section className="panel loan-apply" aria-labelledby="loan-apply-title">
          <h2 id="loan-apply-title" className="panel__title">
            {t('loan.apply.title', { name: product.name })}
          </h2>
          {isLogin ? (
            <ApplyForm key={product.id} t={t} locale={locale} product={product} />
          ) : (
            <LoginFirst t={t} text={t('loan.apply.loginFirst')} />
          )}
        </section>
      )}
    </div>
  );
}

function ProductCard({ t, p, chosen, onChoose }: { t: T; p: LoanProduct; chosen: boolean; onChoose: () => void }) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={chosen}
      className={`card loan-product${chosen ? ' is-chosen' : ''}`}
      onClick={onChoose}
      data-testid="loan-product"
    >
      <strong className="loan-product__name">{p.name}</strong>
      <span className="loan-product__rate">{t('loan.product.dailyRate', { rate: ratePercent(p.dailyRate) })}</span>
      <dl className="facts loan-facts">
        <Fact label={t('loan.product.limits')}>
          {money(p.minAmount)} – {money(p.maxAmount)} {p.coin}
        </Fact>
        <Fact label={t('loan.product.cycles')}>{t('loan.product.cycleList', { cycles: p.cycles.join(' / ') })}</Fact>
        <Fact label={t('loan.product.overdueRate')}>{ratePercent(p.overdueRate)}</Fact>
        <Fact label={t('loan.product.institution')}>{p.institution}</Fact>
      </dl>
    </button>
  );
}

function ApplyForm({ t, locale, product }: { t: T; locale: Locale; product: LoanProduct }) {
  const catalog = useStore($loanCatalog);
  const identity = useStore($identity);
  const [amount, setAmount] = useState('');
  const [cycle, setCycle] = useState(product.cycles[0]!);
  const [repayType, setRepayType] = useState<RepayType>(product.repayTypes[0] ?? 1);
  const [files, setFiles] = useState<Record<Photo, File | null>>({ front: null, back: null, selfie: null });
  const [fileErrors, setFileErrors] = useState<Partial<Record<Photo, string>>>({});
  const [problems, setProblems] = useState<ApplyProblem[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  const kycLevel = identity?.level ?? 0;
  const quote = applyQuote(product, amount, cycle);
  const problemOf = (field: ApplyProblem['field']) => {
    const p = problems.find((x) => x.field === field);
    return p ? t(p.key, 'params' in p ? p.params : undefined) : undefined;
  };
  const pick = (photo: Photo) => (file: File | null, error?: string) => {
    setFiles((f) => ({ ...f, [photo]: file }));
    setFileErrors((e) => ({ ...e, [photo]: error }));
    setProblems((ps) => ps.filter((p) => p.field !== 'photos'));
  };

  const check = (e: FormEvent) => {
    e.preventDefault();
    const found = applyProblems(product, { amount, photos: PHOTOS.filter((p) => files[p]).length, kycLevel });
    setProblems(found);
    if (!found.length) setConfirming(true);
  };
  const send = () =>
    submitting(setBusy, async () => {
      setConfirming(false);
      await applyForLoan({
        productId: product.id,
        amount: amount.trim(),
        cycleDays: cycle,
        repayType,
        photos: { front: files.front!, back: files.back!, selfie: files.selfie! },
      });
      showToast('success', t('loan.apply.sent'));
      setSent(true);
    });

  if (sent) {
    return (
      <p className="loan-note" role="status" data-testid="loan-applied">
        {t('loan.apply.sentText')}{' '}
        <a className="btn btn--primary" href={href('/loan/order', locale)}>
          {t('loan.nav.orders')}
        </a>
      </p>
    );
  }
  return (
    <form className="loan-form" onSubmit={check} noValidate>
      {identity && kycLevel < 1 && (
        <p className="loan-note loan-note--warn" role="alert" data-testid="loan-kyc">
          {t('loan.problem.kyc')} <a href={href('/user/index?key=primary', locale)}>{t('loan.apply.verify')}</a>
        </p>
      )}
      <div className="loan-form__grid">
        <div className="loan-form__fields">
          <Field
            label={t('loan.apply.amount', { coin: product.coin })}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(v) => {
              setAmount(v);
              setProblems((ps) => ps.filter((p) => p.field !== 'amount'));
            }}
            hint={t('loan.apply.amountHint', {
              min: money(product.minAmount),
              max: money(product.maxAmount),
              coin: product.coin,
            })}
            error={problemOf('amount')}
            addon={<span className="field__addon field__addon--text">{product.coin}</span>}
          />
          <Select
            label={t('loan.apply.cycle')}
            name="cycle"
            value={String(cycle)}
            onChange={(v) => setCycle(Number(v))}
            options={product.cycles.map((c) => ({ value: String(c), label: String(c) }))}
          />
          <Select
            label={t('loan.apply.repayType')}
            name="repayType"
            value={String(repayType)}
            onChange={(v) => setRepayType(Number(v) as RepayType)}
            options={catalog.repayTypes
              .filter((r) => product.repayTypes.includes(r.value))
              .map((r) => ({ value: String(r.value), label: r.label }))}
          />
        </div>
        <Quote t={t} product={product} quote={quote} />
      </div>
      <fieldset className="loan-photos">
        <legend>{t('loan.apply.photos')}</legend>
        <p className="field__hint">{t('loan.apply.photosHint')}</p>
        <div className="loan-photos__grid">
          {PHOTOS.map((p) => (
            <ImagePicker
              key={p}
              t={t}
              name={p}
              label={t(`field.${p}`)}
              hint={t(`identity.photo.${p}Hint`)}
              file={files[p]}
              onChange={pick(p)}
              error={fileErrors[p]}
            />
          ))}
        </div>
        {problemOf('photos') && (
          <p className="field__error" role="alert">
            {problemOf('photos')}
          </p>
        )}
      </fieldset>
      {problemOf('kyc') && (
        <p className="field__error" role="alert">
          {problemOf('kyc')}
        </p>
      )}
      <button type="submit" className="btn btn--primary btn--large" disabled={busy}>
        {t('loan.apply.submit')}
      </button>
      <ConfirmDialog
        open={confirming}
        title={t('loan.confirm.title')}
        body={
          quote
            ? t('loan.confirm.body', {
                amount: money(amount.trim()),
                coin: product.coin,
                days: cycle,
                interest: money(quote.interest),
                total: money(quote.total),
                penalty: money(quote.penaltyPerDay),
              })
            : ''
        }
        confirmLabel={t('loan.confirm.yes')}
        cancelLabel={t('loan.cancel')}
        onConfirm={() => void send()}
        onCancel={() => setConfirming(false)}
      />
    </form>
  );
}

/** The cost of the application by the published formula, as it is typed. */
function Quote({ t, product, quote }: { t: T; product: LoanProduct; quote: ReturnType<typeof applyQuote> }) {
  const c = product.coin;
  return (
    <aside className="loan-quote" aria-live="polite" data-testid="loan-quote">
      <h3>{t('loan.quote.title')}</h3>
      <dl className="facts loan-facts">
        <Fact label={t('loan.quote.rate')}>{ratePercent(product.dailyRate)}</Fact>
        <Fact label={t('loan.quote.interest')} testId="loan-quote-interest">
          {quote ? `${money(quote.interest)} ${c}` : '—'}
        </Fact>
        <Fact label={t('loan.quote.total')} testId="loan-quote-total">
          {quote ? `${money(quote.total)} ${c}` : '—'}
        </Fact>
        <Fact label={t('loan.quote.early')}>{quote ? `${money(quote.minInterest)} ${c}` : '—'}</Fact>
        <Fact label={t('loan.quote.penalty', { rate: ratePercent(product.overdueRate) })}>
          {quote ? `${money(quote.penaltyPerDay)} ${c}` : '—'}
        </Fact>
      </dl>
      <p className="field__hint">{t('loan.quote.formula')}</p>
      {quote && trim(quote.interest) === '0' && <p className="field__hint">{t('loan.quote.rounded')}</p>}
    </aside>
  );
}
