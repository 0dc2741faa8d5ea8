import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope.ts';
import type { Db } from '../storage/db.ts';

export interface SupportLinks {
  whitePaperUrl: string | undefined;
  customerServiceUrls: string[];
}

/** A setting operators can change at run time (app_settings), else the value the environment gave at start. */
async function setting(db: Db, key: string): Promise<string | undefined> {
  const row = await db.get<{ value: string }>('SELECT value FROM app_settings WHERE key = ?', [key]);
  return row?.value;
}

/** The white paper and customer-service links of spec §7, in the shapes the spec's client reads. */
export async function commonRoutes(app: FastifyInstance, db: Db, defaults: SupportLinks): Promise<void> {
  const tags = ['common'];
  app.post('/api/common/getWhitePaperSetting', { schema: { tags, summary: 'The white paper link (data.url, null when none)' } }, async () =>
    ok({ url: (await setting(db, 'support.whitePaperUrl')) ?? defaults.whitePaperUrl ?? null }),
  );
  app.post('/api/common/getCustomerService', { schema: { tags, summary: 'Customer-service links (data.code, data.data[].url)' } }, async () => {
    const stored = await setting(db, 'support.customerServiceUrls');
    const urls = stored ? stored.split(',') : defaults.customerServiceUrls;
    return ok({ code: 200, data: urls.filter(Boolean).map((url) => ({ url: url.trim() })) });
  });
}
