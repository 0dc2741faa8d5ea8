import { NAME_MAX } from '../../../isomorphic/contract/local-names.values.ts';
import { LOCALE_NAMES, LOCALES, type Locale } from '../../../isomorphic/i18n/locales.ts';
import type { T } from '../../lib/i18n/client.ts';
import '../../styles/other-names.css';

export type OtherNamesDraft = Partial<Record<Locale, string>>;

/**
 * The names of a product (or its institution) in the site's other languages, one box per language labelled in that
 * language's own name; folded unless one is filled. An empty box falls back to the English name the form holds.
 */
export function OtherNames({
  t,
  legend,
  names,
  onChange,
  testId,
}: {
  t: T;
  legend: string;
  names: OtherNamesDraft;
  onChange: (names: OtherNamesDraft) => void;
  testId: string;
}) {
  const filled = LOCALES.filter((l) => names[l]?.trim()).length;
  return (
    <details className="other-names" open={filled > 0} data-testid={testId}>
      <summary>
        {legend}{' '}
        <span className="muted">
          ({filled}/{LOCALES.length - 1})
        </span>
      </summary>
      <p className="field__hint">{t('admin.productNames.hint')}</p>
      <div className="other-names__grid">
        {LOCALES.filter((l) => l !== 'en').map((locale) => (
          <label key={locale} className="other-names__row">
            <span>{LOCALE_NAMES[locale]}</span>
            <input
              name={`${testId}.${locale}`}
              lang={locale}
              maxLength={NAME_MAX}
              value={names[locale] ?? ''}
              onChange={(e) => onChange({ ...names, [locale]: e.target.value })}
            />
          </label>
        ))}
      </div>
    </details>
  );
}
