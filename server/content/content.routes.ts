import type { FastifyInstance } from 'fastify';
import type { FeatureContext } from '../feature.ts';
import * as api from '../../isomorphic/contract/content.endpoints.ts';
import { userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { localeOfHeaders } from '../i18n/i18n.ts';
import { router } from '../http/route.ts';
import { contentService } from './content.service.ts';
import { loadContentFiles, type ContentFiles } from './files.ts';

/**
 * The static content through the API (docs/requirements.md §7 "Other"): the help-centre tree, notices, and the generic
 * `cgform-api` reads of news, notices, rules, articles, terms and the white paper, each in the caller's
 * language; and operator publishing of news and notices, served at once.
 */
export async function contentRoutes(
  app: FastifyInstance,
  { db }: FeatureContext,
  files: ContentFiles = loadContentFiles(),
): Promise<void> {
  const route = router(app, db);
  const content = contentService(db, files);

  route(api.helpCenterInfo, async (req) =>
    ok(await content.helpCenter(req.params.id, localeOfHeaders(req.headers), req.body)),
  );

  route(api.noticeList, async (req) =>
    ok(await content.list('notice', localeOfHeaders(req.headers), { column: 'date', order: 'desc', ...req.query })),
  );

  route(api.getData, async (req) => {
    const { column, order, page, pageSize, keyword } = req.query;
    return ok(
      await content.list(req.params.formId, localeOfHeaders(req.headers), {
        column,
        order,
        current: page,
        size: pageSize,
        keyword,
      }),
    );
  });

  route(api.detailData, async (req) =>
    ok(await content.detail(req.params.formId, req.params.id, localeOfHeaders(req.headers))),
  );

  route(api.publish, async (req) => ok(await content.publish(userOf(req), req.body)));
}
