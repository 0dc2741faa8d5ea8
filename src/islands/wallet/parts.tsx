import { useId, type ReactNode } from 'react';
import type { T } from '../../lib/i18n/client.ts';
import { formatAssetAmount } from '../../../isomorphic/format/index.ts';

/** A labelled select in the form style of the site. */
export function Select({ label, value, onChange, options, name }: { label: string; value: string; onChange: (v: string) => void; options: ReadonlyArray<{ value: string; label: string }>; name?: string }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="field__box">
        <select id={id} name={name} value={value} onChange={(e) => onChange(e.target.value)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>{o.label}</option>
          ))}
        </select>
      </div>
    </div>
  );
}

/** An amount by the one asset rule (isomorphic/format/asset.ts) where the caller already has the decimals; screens use $assetFormat. */
export const amount = formatAssetAmount;

/** The label of an account type: assets.account.1 → "Spot account". */
export const accountName = (t: T, type: number) => t(`assets.account.${type}`);

export function StatusBadge({ t, status }: { t: T; status: string }) {
  const tone = status === 'passed' ? 'done' : status === 'failed' ? 'failed' : 'todo';
  return <span className={`status status--${tone}`}>{t(`assets.status.${status}`)}</span>;
}

/** A definition row for summaries: label on the left, value on the right. */
export function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="facts__row">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/** A small pager under a table. */
export function Pager({ t, page, total, size, onPage }: { t: T; page: number; total: number; size: number; onPage: (p: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1) return null;
  return (
    <div className="wallet-pager">
      <button type="button" className="btn" disabled={page <= 1} onClick={() => onPage(page - 1)}>{t('assets.prev')}</button>
      <span>{t('assets.pageOf', { page, pages })}</span>
      <button type="button" className="btn" disabled={page >= pages} onClick={() => onPage(page + 1)}>{t('assets.next')}</button>
    </div>
  );
}
