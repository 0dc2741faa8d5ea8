import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../isomorphic/contract/endpoints.ts';
import { schemaOf } from '../../isomorphic/contract/schemas.ts';
import { operatorToken, signUp, testApp } from '../../tests/support/app.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';

interface Operation {
  tags?: string[];
  summary?: string;
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
}
interface Doc {
  paths: Record<string, Record<string, Operation>>;
  tags?: Array<{ name: string }>;
}

const pathOf = (path: string) => path.replace(/:(\w+)/g, '{$1}');
const operatorCalls = ENDPOINTS.filter((e) => e.auth === 'operator');
/** The fields of an object schema, as the contract declares them. */
const fieldsOf = (part: Parameters<typeof schemaOf>[0]) =>
  Object.keys((schemaOf(part) as unknown as { shape?: Record<string, unknown> } | undefined)?.shape ?? {}).sort();

/** The OpenAPI document at /api/docs: the operator calls, with their bodies, for an operator's token only. */
describe('the API document', () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let ops: string;
  let user: string;
  beforeAll(async () => {
    t = await FEATURE_DIALECTS[0]![1]();
    ({ app } = await testApp(t.db));
    ops = await operatorToken(app, t.db);
    user = (await signUp(app, 'docs_reader')).token;
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });
  const fetchDoc = async (format: 'json' | 'yaml', token?: string) =>
    (await app.inject({ url: `/api/docs/${format}`, headers: token ? { authorization: token } : {} })).body;
  const docFor = async (token?: string) => JSON.parse(await fetchDoc('json', token)) as Doc;

  it('lists every operator call under the operator tag, with its query and body, for an operator', async () => {
    const doc = await docFor(ops);
    expect(operatorCalls.length).toBeGreaterThan(30);
    expect(doc.tags).toContainEqual(expect.objectContaining({ name: 'operator' }));
    for (const e of operatorCalls) {
      const op = doc.paths[pathOf(e.path)]?.[e.method.toLowerCase()];
      expect(op, e.path).toMatchObject({ tags: ['operator'], summary: e.summary });
      if (e.body)
        expect(
          Object.keys(op!.requestBody!.content['application/json']!.schema.properties ?? {}).sort(),
          e.path,
        ).toEqual(fieldsOf(e.body));
      if (e.query)
        expect(
          op!
            .parameters!.filter((p) => p.in === 'query')
            .map((p) => p.name)
            .sort(),
          e.path,
        ).toEqual(fieldsOf(e.query));
    }
    // The review and ruling calls the console makes, with their bodies.
    expect(
      Object.keys(
        doc.paths['/api/admin/otc/merchant/review']!.post!.requestBody!.content['application/json']!.schema.properties!,
      ),
    ).toEqual(['userId', 'approve', 'note']);
    expect(
      Object.keys(
        doc.paths['/api/admin/otc/appeal/rule']!.post!.requestBody!.content['application/json']!.schema.properties!,
      ),
    ).toEqual(['id', 'ruling', 'note']);
    expect(doc.paths['/api/asset/transferFunds']?.post).toBeDefined();
  });

  it('leaves them out for anyone else: no token, a user’s, a dead one', async () => {
    const whole = await docFor(ops);
    const publicPaths = Object.entries(whole.paths)
      .flatMap(([path, o]) =>
        Object.entries(o)
          .filter(([, op]) => !op.tags?.includes('operator'))
          .map(([m]) => `${m} ${path}`),
      )
      .sort();
    for (const token of [undefined, user, 'no-such-token']) {
      const doc = await docFor(token);
      const listed = Object.entries(doc.paths)
        .flatMap(([path, o]) => Object.keys(o).map((m) => `${m} ${path}`))
        .sort();
      expect(listed).toEqual(publicPaths);
      for (const e of operatorCalls)
        expect(doc.paths[pathOf(e.path)]?.[e.method.toLowerCase()], e.path).toBeUndefined();
      expect(doc.tags?.map((x) => x.name) ?? []).not.toContain('operator');
    }
  });

  it('serves the YAML document the same way', async () => {
    expect(await fetchDoc('yaml', ops)).toContain('/api/admin/kyc/review:');
    expect(await fetchDoc('yaml')).not.toContain('/api/admin/kyc/review:');
    expect(await fetchDoc('yaml')).toContain('/api/asset/transferFunds:');
  });
});
