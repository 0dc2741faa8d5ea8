import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, signUp, testApp } from '../../../tests/support/app.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../../tests/support/databases.ts';
import { forgetSessions } from '../../user/session.service.ts';
import { brokerAuth } from './broker-auth.ts';
import { BROKER_AUTH_PATH, brokerAuthHook, vhostOf } from './broker-auth-hook.ts';

describe('the virtual host of BROKER_URL', () => {
  it.each([
    ['amqp://guest:guest@127.0.0.1:5672', '/'],
    ['amqp://127.0.0.1:5672/', '/'],
    ['amqp://127.0.0.1:5672/%2F', '/'],
    ['amqps://u:p@broker.example/lumex', 'lumex'],
    ['amqp://127.0.0.1/prod%2Feu', 'prod/eu'],
  ])('%s is %s', (url, vhost) => expect(vhostOf(url)).toBe(vhost));
});

describe.each(FEATURE_DIALECTS)('the broker auth hook on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let hook: Server;
  let base: string;
  let alice: { id: number; token: string };
  let bob: { id: number; token: string };
  let merchant: { id: number; token: string };

  /** Asks the hook as RabbitMQ's HTTP backend does (POST form by default): answers status and body. */
  const ask = async (check: string, fields: Record<string, string>, init: { method?: string; body?: string } = {}) => {
    const form = new URLSearchParams(fields).toString();
    const get = init.method === 'GET';
    const res = await fetch(`${base}${BROKER_AUTH_PATH}/${check}${get ? `?${form}` : ''}`, {
      method: init.method ?? 'POST',
      headers: get ? {} : { 'content-type': 'application/x-www-form-urlencoded' },
      body: get ? undefined : (init.body ?? form),
    });
    return { status: res.status, text: await res.text() };
  };
  const allowed = async (check: string, fields: Record<string, string>) => (await ask(check, fields)).text === 'allow';
  /** A topic check as Web-STOMP makes it for SUBSCRIBE /topic/<key>. */
  const topic = (user: { id: number }, routingKey: string, permission = 'read', name = 'amq.topic') =>
    allowed('topic', {
      username: String(user.id),
      vhost: '/',
      resource: 'topic',
      name,
      permission,
      routing_key: routingKey,
      'variable_map.username': String(user.id),
    });
  const resource = (user: { id: number }, kind: string, name: string, permission: string, vhost = '/') =>
    allowed('resource', { username: String(user.id), vhost, resource: kind, name, permission, tags: '' });

  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db));
    alice = await signUp(app, 'alice_hook');
    bob = await signUp(app, 'bob_hook');
    merchant = await signUp(app, 'merchant_hook');
    await t.db.run('UPDATE users SET is_merchant = 2 WHERE id = ?', [merchant.id]);
    hook = brokerAuthHook(brokerAuth(t.db, '/'), app.log);
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(hook.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    hook.closeAllConnections();
    await new Promise((resolve) => hook.close(resolve));
    await app.close();
    await t.drop();
  });

  it('logs a user in with their own id and live token only', async () => {
    expect(await ask('user', { username: String(alice.id), password: alice.token, vhost: '/' })).toEqual({
      status: 200,
      text: 'allow',
    });
    expect(await allowed('user', { username: String(alice.id), password: alice.token })).toBe(true);
    expect(await allowed('user', { username: String(alice.id), password: `Bearer ${alice.token}` })).toBe(true);
    // Another user's token, a made-up one, none, the wrong vhost, a name that is no user id (the broker's own users).
    expect(await allowed('user', { username: String(alice.id), password: bob.token })).toBe(false);
    expect(await allowed('user', { username: String(alice.id), password: 'x'.repeat(40) })).toBe(false);
    expect(await allowed('user', { username: String(alice.id) })).toBe(false);
    expect(await allowed('user', { username: String(alice.id), password: alice.token, vhost: 'other' })).toBe(false);
    for (const username of ['guest', '', '0', `0${alice.id}`, `${alice.id}.5`, '1e3'])
      expect(await allowed('user', { username, password: alice.token })).toBe(false);
  });

  it('refuses a token after logout, an expired one, and a frozen user’s', async () => {
    const carol = await signUp(app, 'carol_hook');
    const dave = await signUp(app, 'dave_hook');
    const erin = await signUp(app, 'erin_hook');
    for (const u of [carol, dave, erin])
      expect(await allowed('user', { username: String(u.id), password: u.token })).toBe(true);
    await api(app, '/api/user/logout', { token: carol.token });
    await t.db.run('UPDATE sessions SET expires_at = ? WHERE user_id = ?', [Date.now() - 1, dave.id]);
    await t.db.run("UPDATE users SET status = 'frozen' WHERE id = ?", [erin.id]);
    forgetSessions();
    for (const u of [carol, dave, erin])
      expect(await allowed('user', { username: String(u.id), password: u.token })).toBe(false);
    // A frozen user's socket that is still open subscribes to nothing more.
    expect(await topic(erin, `user.${erin.id}.refresh`)).toBe(false);
  });

  it('lets users into the deployment’s virtual host only', async () => {
    expect(await allowed('vhost', { username: String(alice.id), vhost: '/', ip: '127.0.0.1', tags: '' })).toBe(true);
    expect(await allowed('vhost', { username: String(alice.id), vhost: 'other', ip: '127.0.0.1' })).toBe(false);
    expect(await allowed('vhost', { username: 'guest', vhost: '/' })).toBe(false);
    expect(await allowed('vhost', { username: String(alice.id) })).toBe(false);
  });

  it('gives read on the user’s own refresh and chat topics, and a merchant their merchant topic, nothing else', async () => {
    expect(await topic(alice, `user.${alice.id}.refresh`)).toBe(true);
    expect(await topic(alice, `user.${alice.id}.chat`)).toBe(true);
    expect(await topic(merchant, `merchant.${merchant.id}.refresh`)).toBe(true);
    expect(await topic(merchant, `user.${merchant.id}.refresh`)).toBe(true);
    const refused: Array<[string, Promise<boolean>]> = [
      ['another user’s refresh', topic(alice, `user.${bob.id}.refresh`)],
      ['another user’s chat', topic(alice, `user.${bob.id}.chat`)],
      ['a merchant topic of a non-merchant', topic(alice, `merchant.${alice.id}.refresh`)],
      ['another merchant’s topic', topic(alice, `merchant.${merchant.id}.refresh`)],
      ['a wildcard', topic(alice, 'user.*.refresh')],
      ['everything', topic(alice, '#')],
      ['a prefix wildcard', topic(alice, `user.${alice.id}.#`)],
      ['the user’s balances (not a STOMP topic)', topic(alice, `user.${alice.id}.balance`)],
      ['market data', topic(alice, 'market.btcusdt.trades')],
      ['a merchant chat', topic(merchant, `merchant.${merchant.id}.chat`)],
      ['writing the own chat', topic(alice, `user.${alice.id}.chat`, 'write')],
      ['writing the own refresh', topic(alice, `user.${alice.id}.refresh`, 'write')],
      ['the bus exchange', topic(alice, `user.${alice.id}.refresh`, 'read', 'lumex.events')],
      [
        'no routing key',
        allowed('topic', {
          username: String(alice.id),
          vhost: '/',
          resource: 'topic',
          name: 'amq.topic',
          permission: 'read',
        }),
      ],
      [
        'another vhost',
        allowed('topic', {
          username: String(alice.id),
          vhost: 'x',
          resource: 'topic',
          name: 'amq.topic',
          permission: 'read',
          routing_key: `user.${alice.id}.refresh`,
        }),
      ],
    ];
    for (const [label, answer] of refused) expect([label, await answer]).toEqual([label, false]);
  });

  it('lets Web-STOMP declare, bind and read a subscription queue on amq.topic, and nothing else', async () => {
    const q = 'stomp-subscription-W1sljKA05asYurfe28KR8Q';
    for (const permission of ['configure', 'write', 'read'])
      expect(await resource(alice, 'queue', q, permission)).toBe(true);
    expect(await resource(alice, 'exchange', 'amq.topic', 'read')).toBe(true);
    const refused: Array<[string, Promise<boolean>]> = [
      ['publishing to amq.topic (SEND)', resource(alice, 'exchange', 'amq.topic', 'write')],
      ['declaring amq.topic', resource(alice, 'exchange', 'amq.topic', 'configure')],
      ['publishing to the default exchange (SEND /queue/…)', resource(alice, 'exchange', 'amq.default', 'write')],
      ['reading the bus exchange', resource(alice, 'exchange', 'lumex.events', 'read')],
      ['another exchange', resource(alice, 'exchange', 'amq.fanout', 'read')],
      ['a named queue', resource(alice, 'queue', 'orders', 'configure')],
      ['a temporary reply queue', resource(alice, 'queue', 'amq.gen-abc', 'configure')],
      ['a look-alike queue name', resource(alice, 'queue', 'stomp-subscription-', 'read')],
      ['a queue name with a dot', resource(alice, 'queue', 'stomp-subscription-a.b', 'read')],
      ['an unknown permission', resource(alice, 'queue', q, 'delete')],
      ['another vhost', resource(alice, 'queue', q, 'read', 'other')],
      [
        'the broker’s own user',
        allowed('resource', { username: 'guest', vhost: '/', resource: 'queue', name: q, permission: 'read' }),
      ],
    ];
    for (const [label, answer] of refused) expect([label, await answer]).toEqual([label, false]);
  });

  it('answers GET queries as POST forms, 404 beyond its four paths, and refuses what is not the backend’s', async () => {
    expect((await ask('user', { username: String(alice.id), password: alice.token }, { method: 'GET' })).text).toBe(
      'allow',
    );
    expect(
      (
        await ask(
          'topic',
          {
            username: String(alice.id),
            vhost: '/',
            name: 'amq.topic',
            permission: 'read',
            routing_key: `user.${bob.id}.refresh`,
          },
          { method: 'GET' },
        )
      ).text,
    ).toBe('deny');
    expect(await ask('users', { username: String(alice.id), password: alice.token })).toEqual({
      status: 404,
      text: 'deny',
    });
    expect(await ask('', {})).toEqual({ status: 404, text: 'deny' });
    expect(
      (await ask('user', {}, { method: 'PUT', body: `username=${alice.id}&password=${alice.token}` })).status,
    ).toBe(405);
    expect(
      await ask('user', {}, { body: `username=${alice.id}&password=${alice.token}&pad=${'x'.repeat(5000)}` }),
    ).toEqual({ status: 413, text: 'deny' });
    // Repeated or garbled fields decide nothing in the caller's favour.
    expect((await ask('user', {}, { body: `username=guest&username=${alice.id}&password=${alice.token}` })).text).toBe(
      'deny',
    );
    expect((await ask('user', {}, { body: '%%%=&&==' })).text).toBe('deny');
  });
});
