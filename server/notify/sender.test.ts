import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { createSender, transportsOf } from './sender.ts';

/** A logger that remembers its warnings. */
function recordingLog() {
  const warnings: Array<{ obj: unknown; msg: string }> = [];
  const log = {
    warn: (obj: unknown, msg: string) => warnings.push({ obj, msg }),
    info: () => {},
    error: () => {},
    debug: () => {},
  } as unknown as FastifyBaseLogger;
  return { log, warnings };
}

describe('the sender on start', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await FEATURE_DIALECTS[0]![1]();
  });
  afterAll(async () => {
    await t.drop();
  });

  it('warns once, clearly, that codes stay on the server when no transport is configured', async () => {
    const { log, warnings } = recordingLog();
    await createSender(t.db, { mailFrom: 'x@localhost' }, log);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.obj).toEqual({ channels: ['email', 'sms'] });
    expect(warnings[0]!.msg).toMatch(/SMTP_URL.*verification codes.*do not leave.*Outbox/);
  });

  it('names only the channel that lacks one', async () => {
    const { log, warnings } = recordingLog();
    await createSender(t.db, { mailFrom: 'x@localhost', smsWebhookUrl: 'http://127.0.0.1:9/sms' }, log);
    expect(warnings.map((w) => w.obj)).toEqual([{ channels: ['email'] }]);
  });

  it('is silent when both are configured', async () => {
    const { log, warnings } = recordingLog();
    await createSender(
      t.db,
      { mailFrom: 'x@localhost', smtpUrl: 'smtp://127.0.0.1:9', smsWebhookUrl: 'http://127.0.0.1:9/sms' },
      log,
    );
    expect(warnings).toEqual([]);
    expect(transportsOf({ smtpUrl: 'smtp://h', smsWebhookUrl: undefined })).toEqual({ email: true, sms: false });
  });
});
