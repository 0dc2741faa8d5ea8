import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERRORS } from '../../isomorphic/contract/codes.ts';
import { signUp } from '../../tests/support/accounts.ts';
import { api, testApp } from '../../tests/support/app.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { translatorFor } from '../i18n/i18n.ts';
import { multipart, PNG } from '../../tests/support/wallet-fixtures.ts';
import { UPLOAD_LIMITS } from './uploads.ts';

const de = translatorFor('de');

describe.each(FEATURE_DIALECTS)('upload limits on %s', (name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  const dataDir = `/tmp/lumex-uploads-test-${process.pid}-${name}`;
  const filesOnDisk = () => {
    try {
      return readdirSync(join(dataDir, 'uploads')).length;
    } catch {
      return 0;
    }
  };
  let n = 0;
  const newUser = () => signUp(app, `uploader_${name}_${++n}`);
  const upload = (token: string, opts: Parameters<typeof api>[2] = {}) =>
    api(app, '/api/common/upload/OSS', { token, lang: 'de', ...multipart(PNG), ...opts });

  beforeAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    t = await open();
    ({ app } = await testApp(t.db, { DATA_DIR: dataDir }));
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  let before = 0;
  beforeEach(() => {
    before = filesOnDisk();
  });

  it('answers malformed multipart bodies with a translated 400 and stores nothing', async () => {
    const { token } = await newUser();
    const part = (boundary: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const bodies: Array<[string, string | Buffer, string]> = [
      [
        'no boundary',
        Buffer.concat([Buffer.from(part('XX')), PNG, Buffer.from('\r\n--XX--\r\n')]),
        'multipart/form-data',
      ],
      ['empty boundary', 'abc', 'multipart/form-data; boundary='],
      ['truncated part', Buffer.concat([Buffer.from(part('XX')), PNG]), 'multipart/form-data; boundary=XX'],
      ['headers cut off', '--XX\r\nContent-Disposition: form-da', 'multipart/form-data; boundary=XX'],
      ['garbage', 'this is not multipart at all', 'multipart/form-data; boundary=XX'],
      ['JSON instead', '{"file":"x"}', 'application/json'],
      ['a form instead', 'file=x', 'application/x-www-form-urlencoded'],
    ];
    for (const [label, payload, type] of bodies) {
      const r = await api(app, '/api/common/upload/OSS', {
        token,
        lang: 'de',
        payload,
        headers: { 'content-type': type },
      });
      expect(r.status, label).toBeLessThan(500);
      expect(r.status, label).toBeGreaterThanOrEqual(400);
      expect(typeof r.msg, label).toBe('string');
      expect(r.data, label).toBeNull();
      if (r.code === ERRORS.uploadMalformed) expect(r.msg).toBe(de('error.uploadMalformed'));
    }
    const noBoundary = await api(app, '/cgform-api/upload/file', {
      token,
      lang: 'de',
      payload: bodies[0]![1],
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect([noBoundary.status, noBoundary.code, noBoundary.msg]).toEqual([
      400,
      ERRORS.uploadMalformed,
      de('error.uploadMalformed'),
    ]);
    const truncated = await api(app, '/api/common/upload/OSS', {
      token,
      payload: bodies[2]![1],
      headers: { 'content-type': bodies[2]![2] },
    });
    expect([truncated.status, truncated.code]).toEqual([400, ERRORS.uploadMalformed]);
    expect(filesOnDisk()).toBe(before);
    expect((await upload(token)).code).toBe(200);
  });

  it(`allows ${UPLOAD_LIMITS.perMinute} uploads a minute per user, even sent all at once`, async () => {
    const a = await newUser();
    const b = await newUser();
    const answers = await Promise.all(Array.from({ length: UPLOAD_LIMITS.perMinute + 8 }, () => upload(a.token)));
    expect(answers.filter((r) => r.code === 200)).toHaveLength(UPLOAD_LIMITS.perMinute);
    const refused = answers.filter((r) => r.code !== 200);
    expect(refused.map((r) => [r.status, r.code, r.msg])).toEqual(
      refused.map(() => [
        429,
        ERRORS.uploadRateLimited,
        de('error.uploadRateLimited', { max: UPLOAD_LIMITS.perMinute }),
      ]),
    );
    expect(filesOnDisk()).toBe(before + UPLOAD_LIMITS.perMinute);
    // Another user is not held back; a minute later the first may upload again.
    expect((await upload(b.token)).code).toBe(200);
    await t.db.run('UPDATE uploads SET created_at = created_at - 61000 WHERE owner_id = ?', [a.id]);
    expect((await upload(a.token)).code).toBe(200);
  });

  it(`refuses what would take a user past ${UPLOAD_LIMITS.storedBytes / 1024 / 1024} MB stored, leaving nothing on disk`, async () => {
    const { id, token } = await newUser();
    // What earlier uploads stored, just under the quota (rows only: the files' bytes are not what is measured).
    const room = PNG.length - 1;
    await t.db.run('INSERT INTO uploads (id, owner_id, file, mime, size, created_at) VALUES (?, ?, ?, ?, ?, ?)', [
      `old-${id}`,
      id,
      'old',
      'image/png',
      UPLOAD_LIMITS.storedBytes - room,
      0,
    ]);
    const r = await upload(token);
    expect([r.status, r.code, r.msg]).toEqual([
      400,
      ERRORS.uploadQuotaExceeded,
      de('error.uploadQuotaExceeded', { max: '200 MB' }),
    ]);
    expect(filesOnDisk()).toBe(before);
    expect(
      Number((await t.db.get<{ n: bigint }>('SELECT COUNT(*) AS n FROM uploads WHERE owner_id = ?', [id]))!.n),
    ).toBe(1);
    await t.db.run('UPDATE uploads SET size = size - 1 WHERE owner_id = ?', [id]);
    expect((await upload(token)).code).toBe(200);
  });

  it('refuses a file over 5 MB with the translated size and stores nothing', async () => {
    const { token } = await newUser();
    const big = Buffer.concat([PNG, Buffer.alloc(UPLOAD_LIMITS.fileBytes)]);
    const r = await api(app, '/api/common/upload/OSS', { token, lang: 'de', ...multipart(big) });
    expect([r.status, r.code, r.msg]).toEqual([
      400,
      ERRORS.uploadTooLarge,
      de('error.uploadTooLarge', { max: '5 MB' }),
    ]);
    expect(filesOnDisk()).toBe(before);
  });
});
