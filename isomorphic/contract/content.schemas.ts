/**
 * Request schemas of the static-content calls and of operator publishing (server side; types and constants are
 * in content.ts). Error texts are i18n keys that name the problem in a whole sentence (validation.content.*),
 * so no generic field label is needed.
 */
import { z } from './zod.ts';
import { LOCALES } from '../i18n/locales.ts';
import { bodyInt, queryInt } from './integers.ts';
import { DEFAULT_PAGE_SIZE, FORM_IDS, MAX_PAGE, MAX_PAGE_SIZE, PAGE_SIZE_ALL, PUBLISHABLE } from './content.ts';

const keyword = z
  .string({ error: 'validation.content.keyword' })
  .trim()
  .max(100, { error: 'validation.content.keyword' });
const id = queryInt({ min: 0, max: 1e9, error: 'validation.content.id' });

/**
 * Paging of the requirements' list calls, in a query string or a JSON body: `current` (1-based) and `size` (-521 for
 * all).
 */
function paging(int: typeof queryInt | typeof bodyInt) {
  return z.object({
    current: int({ min: 1, max: MAX_PAGE, error: 'validation.content.page' }).default(1),
    size: int({ min: PAGE_SIZE_ALL, max: MAX_PAGE_SIZE, error: 'validation.content.size' })
      .refine((n) => n === PAGE_SIZE_ALL || n >= 1, { error: 'validation.content.size' })
      .default(DEFAULT_PAGE_SIZE),
    keyword: keyword.optional(),
  });
}

export const pageQuery = paging(queryInt);
const pageBody = paging(bodyInt);

/** POST /api/helpCenterInfo/{id}: the nodes below id (0 is the whole tree). Paging may come in the body or query. */
export const helpCenterParams = z.object({ id });
export const helpCenterBody = pageBody
  .nullish()
  .transform((v) => v ?? { current: 1, size: DEFAULT_PAGE_SIZE, keyword: undefined });

/** GET /cgform-api/getData/{formId}?column&order&page&pageSize&keyword */
export const formParams = z.object({ formId: z.enum(FORM_IDS, { error: 'validation.content.form' }) });
export const getDataQuery = z.object({
  column: z.enum(['date', 'id', 'title'], { error: 'validation.content.column' }).default('date'),
  order: z.enum(['asc', 'desc'], { error: 'validation.content.order' }).default('desc'),
  page: pageQuery.shape.current,
  pageSize: pageQuery.shape.size,
  keyword: keyword.optional(),
});
export const detailParams = z.object({ formId: formParams.shape.formId, id });

const isoDate = z
  .string({ error: 'validation.content.date' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.content.date' })
  .refine(
    (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    { error: 'validation.content.date' },
  );

const translation = z.object(
  {
    title: z
      .string({ error: 'validation.content.title' })
      .trim()
      .min(1, { error: 'validation.content.title' })
      .max(200, { error: 'validation.content.title' }),
    summary: z
      .string({ error: 'validation.content.summary' })
      .trim()
      .min(1, { error: 'validation.content.summary' })
      .max(500, { error: 'validation.content.summary' }),
    content: z
      .string({ error: 'validation.content.body' })
      .trim()
      .min(1, { error: 'validation.content.body' })
      .max(20_000, { error: 'validation.content.body' }),
  },
  { error: 'validation.content.translation' },
);

/**
 * POST /api/content/publish (operators): a news item or notice in English and any other locales. Locales left
 * out are served in English, marked as a fallback, until a translation arrives.
 */
export const publishBody = z.object({
  kind: z.enum(PUBLISHABLE, { error: 'validation.content.kind' }),
  date: isoDate.optional(),
  translations: z
    .record(z.string(), translation, { error: 'validation.content.translations' })
    .refine((t) => Object.keys(t).every((k) => (LOCALES as readonly string[]).includes(k)), {
      error: 'validation.content.locale',
    })
    .refine((t) => 'en' in t, { error: 'validation.content.english' }),
});
export type PublishBody = z.input<typeof publishBody>;
