/**
 * A name an operator gives a product in each language of the site (docs/products/earn.md, "Names per language").
 * The form's `name` is the English one, required, and stands in for every language left empty; `names` holds the
 * others. A caller is served the name in its own language (the same `lang`/Accept-Language reading as the API's
 * messages). Stored as one JSON column beside the English `name` (server/earn, server/loan).
 */
import { DEFAULT_LOCALE, isLocale, type Locale } from '../i18n/locales.ts';
import { z } from './zod.ts';
import { NAME_MAX } from './local-names.values.ts';

export { NAME_MAX, nameIn, namesOf, othersOf, type LocalNames } from './local-names.values.ts';

/** The English name of a form: required, since it stands in for every language without its own. */
export const englishName = () =>
  z
    .string({
      error: (issue) => (issue.input === undefined ? 'validation.productName.english' : 'validation.invalidType'),
    })
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .min(1, { error: 'validation.productName.english' })
        .max(NAME_MAX, { error: 'validation.productName.tooLong' }),
    );

/**
 * The other languages' names of a form, trimmed, an empty one dropped (it falls back to English). A language the
 * site does not have or a name over NAME_MAX is refused with its own sentence, so nothing is half-saved.
 */
export const otherNames = z
  .record(z.string(), z.string({ error: 'validation.invalidType' }), { error: 'validation.invalidType' })
  .transform((names, ctx) => {
    const out: Partial<Record<Locale, string>> = {};
    for (const [locale, raw] of Object.entries(names)) {
      const name = raw.trim();
      if (!isLocale(locale) || locale === DEFAULT_LOCALE) {
        ctx.addIssue({ code: 'custom', message: 'validation.productName.language', path: [locale] });
        return z.NEVER;
      }
      if (name.length > NAME_MAX) {
        ctx.addIssue({ code: 'custom', message: 'validation.productName.tooLong', path: [locale] });
        return z.NEVER;
      }
      if (name) out[locale] = name;
    }
    return out;
  })
  .default({});
