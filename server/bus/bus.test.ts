import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_BROKER_URL } from '../../tests/support/broker.ts';
import { topicMatches, type Bus } from './bus.ts';
import { createBus } from './create-bus.ts';
import { MemoryBus } from './memory-bus.ts';
import { Connection } from 'rabbitmq-client';
import { RabbitBus } from './rabbit-bus.ts';

describe('topic patterns', () => {
  it.each([
    ['user.42.balance', 'user.42.balance', true],
    ['user.*.balance', 'user.42.balance', true],
    ['user.*.balance', 'user.42.position', false],
    ['user.#', 'user.42.balance', true],
    ['user.#', 'user', true],
    ['#', 'market.btcusdt.trades', true],
    ['market.*', 'market.btcusdt.trades', false],
    ['market.#.trades', 'market.btcusdt.trades', true],
    ['user.42', 'user.420', false],
  ])('%s against %s is %s', (pattern, topic, expected) => {
    expect(topicMatches(pattern, topic)).toBe(expected);
  });
});

describe('choosing the bus', () => {
  it('is in memory without BROKER_URL and refuses a URL that is not amqp://', async () => {
    expect(await createBus({ brokerUrl: undefined })).toBeInstanceOf(MemoryBus);
    await expect(createBus({ brokerUrl: 'http://127.0.0.1:5672' })).rejects.toThrow(/BROKER_URL/);
  });

  it.runIf(TEST_BROKER_URL)('is RabbitMQ with an amqp:// BROKER_URL', async () => {
    const rabbit = await createBus({ brokerUrl: TEST_BROKER_URL });
    expect(rabbit).toBeInstanceOf(RabbitBus);
    await rabbit.ready();
    await rabbit.close();
  });
});

/** What a subscription received, with a way to wait until it has `n` messages. */
function collector() {
  const got: Array<[topic: string, message: unknown]> = [];
  let waiting: { n: number; resolve: () => void } | undefined;
  return {
    got,
    handler: (message: unknown, topic: string) => {
      got.push([topic, message]);
      if (waiting && got.length >= waiting.n) waiting.resolve();
    },
    until: (n: number) =>
      got.length >= n ? Promise.resolve() : new Promise<void>((resolve) => (waiting = { n, resolve })),
  };
}

/** Each process opens its own bus; `shared` says whether two of them reach each other (a broker between them). */
const BUSES: Array<[string, { open: () => Bus; shared: boolean }]> = [
  ['in memory', { open: () => new MemoryBus(), shared: false }],
  ...(TEST_BROKER_URL
    ? [
        ['RabbitMQ', { open: () => new RabbitBus(TEST_BROKER_URL!), shared: true }] as [
          string,
          { open: () => Bus; shared: boolean },
        ],
      ]
    : []),
];

describe.each(BUSES)('the %s bus', (_name, { open, shared }) => {
  const opened: Bus[] = [];
  const bus = () => {
    const b = open();
    opened.push(b);
    return b;
  };
  // Runs share one broker exchange: every topic of a test starts with its own word.
  const ns = () => `t${randomBytes(6).toString('hex')}`;
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((b) => b.close()));
  });

  it('delivers every message in publish order, as JSON values, to its own process too', async () => {
    const b = bus();
    const n = ns();
    const c = collector();
    b.subscribe(`${n}.market.btcusdt.trades`, c.handler);
    await b.ready();
    const messages = [
      { price: '97000.10', trades: [{ id: 1, side: 'buy' }] },
      'text',
      42,
      null,
      true,
      ...Array.from({ length: 200 }, (_, i) => ({ i })),
    ];
    for (const m of messages) b.publish(`${n}.market.btcusdt.trades`, m);
    await c.until(messages.length);
    expect(c.got.map(([, m]) => m)).toEqual(messages);
    expect(new Set(c.got.map(([t]) => t))).toEqual(new Set([`${n}.market.btcusdt.trades`]));
  });

  it('routes by pattern: * is one word, # any number, and a message matching two patterns reaches both once', async () => {
    const b = bus();
    const n = ns();
    const one = collector();
    const any = collector();
    const exact = collector();
    b.subscribe(`${n}.user.*.balance`, one.handler);
    b.subscribe(`${n}.#`, any.handler);
    b.subscribe(`${n}.user.7.balance`, exact.handler);
    await b.ready();
    for (const topic of ['user.7.balance', 'user.8.balance', 'user.7.orders', 'user.7.balance.extra', 'market.x.book'])
      b.publish(`${n}.${topic}`, topic);
    await any.until(5);
    await one.until(2);
    await exact.until(1);
    expect(any.got.map(([, m]) => m)).toEqual([
      'user.7.balance',
      'user.8.balance',
      'user.7.orders',
      'user.7.balance.extra',
      'market.x.book',
    ]);
    expect(one.got).toEqual([
      [`${n}.user.7.balance`, 'user.7.balance'],
      [`${n}.user.8.balance`, 'user.8.balance'],
    ]);
    expect(exact.got.map(([, m]) => m)).toEqual(['user.7.balance']);
  });

  it('stops delivering to a subscriber that left, and keeps delivering to the others on the same pattern', async () => {
    const b = bus();
    const n = ns();
    const leaving = collector();
    const staying = collector();
    const marker = collector();
    const off = b.subscribe(`${n}.book.*`, leaving.handler);
    b.subscribe(`${n}.book.*`, staying.handler);
    const offOther = b.subscribe(`${n}.other`, () => {});
    b.subscribe(`${n}.marker`, marker.handler);
    await b.ready();
    b.publish(`${n}.book.a`, 1);
    await staying.until(1);
    await leaving.until(1);
    off();
    off(); // leaving twice changes nothing
    offOther();
    await b.ready();
    b.publish(`${n}.book.a`, 2);
    b.publish(`${n}.other`, 3);
    // The marker goes out last on the same route: once it is in, anything that was going to arrive has.
    b.publish(`${n}.marker`, 'end');
    await marker.until(1);
    await staying.until(2);
    expect(leaving.got.map(([, m]) => m)).toEqual([1]);
    expect(staying.got.map(([, m]) => m)).toEqual([1, 2]);
  });

  it.runIf(shared)(
    'carries messages between two processes on the same broker, each to its own subscribers',
    async () => {
      const n = ns();
      const first = bus();
      const second = bus();
      const atFirst = collector();
      const atSecond = collector();
      first.subscribe(`${n}.user.1.#`, atFirst.handler);
      second.subscribe(`${n}.user.*.orders`, atSecond.handler);
      await Promise.all([first.ready(), second.ready()]);
      first.publish(`${n}.user.2.orders`, { from: 'first' });
      second.publish(`${n}.user.1.orders`, { from: 'second' });
      second.publish(`${n}.user.1.balance`, { from: 'second', asset: 'USDT' });
      await atFirst.until(2);
      await atSecond.until(2);
      expect(atFirst.got).toEqual([
        [`${n}.user.1.orders`, { from: 'second' }],
        [`${n}.user.1.balance`, { from: 'second', asset: 'USDT' }],
      ]);
      // Two publishers are two connections: the broker keeps each one's order, not an order between them.
      expect(atSecond.got).toHaveLength(2);
      expect(atSecond.got).toEqual(
        expect.arrayContaining([
          [`${n}.user.2.orders`, { from: 'first' }],
          [`${n}.user.1.orders`, { from: 'second' }],
        ]),
      );
    },
  );
});

describe.runIf(TEST_BROKER_URL)('forwarding from the RabbitMQ bus', () => {
  it('sends the topics it names to the other exchange too, with the same routing key, body and content type', async () => {
    const n = `t${randomBytes(6).toString('hex')}`;
    const patterns = [`${n}.user.*.refresh`, `${n}.merchant.*.refresh`];
    const bus = new RabbitBus(TEST_BROKER_URL!, undefined, { exchange: 'amq.topic', patterns });
    const local = collector();
    bus.subscribe(`${n}.#`, local.handler);
    const conn = new Connection({ url: TEST_BROKER_URL!, connectionName: 'lumex-test' });
    const got: Array<{ routingKey: string; body: unknown; contentType: string | undefined }> = [];
    let arrived: () => void = () => {};
    const marker = new Promise<void>((resolve) => (arrived = resolve));
    const reader = conn.createConsumer(
      {
        queue: '',
        queueOptions: { exclusive: true, autoDelete: true },
        noAck: true,
        queueBindings: [{ exchange: 'amq.topic', routingKey: `${n}.#` }],
      },
      (msg) => {
        got.push({ routingKey: msg.routingKey, body: msg.body, contentType: msg.contentType });
        if (msg.routingKey === `${n}.merchant.9.refresh`) arrived();
      },
    );
    try {
      await new Promise((resolve) => reader.once('ready', resolve));
      await bus.ready();
      for (const [topic, message] of [
        ['user.7.refresh', { kind: 'assets', ts: 1 }],
        ['user.7.balance', [{ coin: 'USDT' }]],
        ['user.7.refresh.extra', 1],
        ['merchant.9.refresh', { kind: 'otc', ts: 2 }],
      ] as const) {
        bus.publish(`${n}.${topic}`, message);
      }
      await marker;
      // The bus itself still carries every topic, once.
      await local.until(4);
      expect(local.got.map(([topic]) => topic)).toEqual(
        ['user.7.refresh', 'user.7.balance', 'user.7.refresh.extra', 'merchant.9.refresh'].map((x) => `${n}.${x}`),
      );
      expect(got).toEqual([
        { routingKey: `${n}.user.7.refresh`, body: { kind: 'assets', ts: 1 }, contentType: 'application/json' },
        { routingKey: `${n}.merchant.9.refresh`, body: { kind: 'otc', ts: 2 }, contentType: 'application/json' },
      ]);
    } finally {
      await reader.close();
      await conn.close();
      await bus.close();
    }
  });
});
