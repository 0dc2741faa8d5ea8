import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { detailParams, formParams, getDataQuery, helpCenterBody, helpCenterParams, pageQuery, publishBody } from '../../src/lib/contract/content.schemas.ts';
import { requireOperator, userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { localeOfHeaders } from '../http/i18n.ts';
import type { Db } from '../storage/db.ts';
import { contentService } from './content.service.ts';
import { loadContentFiles, type ContentFiles } from './files.ts';

/**
 * The static content through the API (spec §7 "Other"): the help-centre tree, notices, and the generic
 * `cgform-api` reads of news, notices, rules, articles, terms and the white paper, each in the caller's
 * language; and operator publishing of news and notices, served at once.
 */
export async function contentRoutes(app: FastifyInstance, db: Db, files: ContentFiles = loadContentFiles()): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const content = contentService(db, files);
  const tags = ['content'];

  r.post(
    '/api/helpCenterInfo/:id',
    { schema: { tags, summary: 'Help-centre nodes below id (0: the whole tree); body { current, size } with size -521 for all', params: helpCenterParams, body: helpCenterBody } },
    async (req) => ok(await content.helpCenter(req.params.id, localeOfHeaders(req.headers), req.body)),
  );

  r.post('/api/notice/list', { schema: { tags, summary: 'Notices (announcements), newest first; query current, size (-521 all), keyword', querystring: pageQuery } }, async (req) =>
    ok(await content.list('notice', localeOfHeaders(req.headers), { column: 'date', order: 'desc', ...req.query })),
  );

  r.get(
    '/cgform-api/getData/:formId',
    { schema: { tags, summary: 'A list of news, notice, rule, article, terms or whitepaper: column, order, page, pageSize (-521 all), keyword', params: formParams, querystring: getDataQuery } },
    async (req) => {
      const { column, order, page, pageSize, keyword } = req.query;
      return ok(await content.list(req.params.formId, localeOfHeaders(req.headers), { column, order, current: page, size: pageSize, keyword }));
    },
  );

  r.get('/cgform-api/detailData/:formId/:id', { schema: { tags, summary: 'One document with its Markdown body (content)', params: detailParams } }, async (req) =>
    ok(await content.detail(req.params.formId, req.params.id, localeOfHeaders(req.headers))),
  );

  r.post(
    '/api/content/publish',
    { preValidation: requireOperator(db), schema: { tags, summary: 'Operators: publish a news item or notice (English required, other locales optional)', body: publishBody } },
    async (req) => ok(await content.publish(userOf(req), req.body)),
  );
}
