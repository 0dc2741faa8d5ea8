import { Connection, type Consumer, type Publisher } from 'rabbitmq-client';
import { topicMatches, type Bus, type BusHandler } from './bus.ts';
import { MemoryBus } from './memory-bus.ts';

/** The topic exchange every process publishes to; durable, so it outlives any one process. */
const BUS_EXCHANGE = 'lumex.events';

interface Logger {
  warn(obj: object, msg: string): void;
}

type Binding = { exchange: string; routingKey: string };

/**
 * Topics that are also published to another exchange, unchanged (routing key and body): RabbitMQ Web-STOMP reads
 * `/topic/<key>` from `amq.topic`, so the STOMP topics go there too and a browser's subscription gets what the
 * embedded socket sends, named as it names it (Web-STOMP's `destination` header comes from the exchange a
 * message was published to, so an exchange-to-exchange binding would not do). Nothing published to that
 * exchange comes back into the bus.
 */
export interface Forward {
  exchange: string;
  patterns: readonly string[];
}

/**
 * The bus across processes (`BROKER_URL`): messages go to one durable topic exchange as JSON; each process
 * consumes through its own exclusive, auto-deleted queue that has one binding per pattern someone in the process
 * subscribed to, and hands what arrives to its local subscribers. `rabbitmq-client` reconnects on its own and
 * then declares the queue and every binding again (it reads `bindings` afresh on each setup); messages published
 * while a process is disconnected do not reach it, as befits live events.
 */
export class RabbitBus implements Bus {
  private readonly conn: Connection;
  private readonly publisher: Publisher;
  private readonly consumer: Consumer;
  /** Hands a delivered message to the subscribers whose patterns match its topic (one queue copy, many patterns). */
  private readonly local = new MemoryBus();
  private readonly bindings: Binding[] = [];
  private readonly subscribers = new Map<string, number>();
  private readonly pending = new Set<Promise<unknown>>();
  private readonly started: Promise<void>;
  private readonly log: Logger | undefined;
  private readonly forward: Forward | undefined;
  private closing = false;

  constructor(url: string, log?: Logger, forward?: Forward) {
    this.log = log;
    this.conn = new Connection({ url, connectionName: 'lumex', retryLow: 100, retryHigh: 2000 });
    this.conn.on('error', (err) => this.log?.warn({ err }, 'message broker connection error; reconnecting'));
    const exchanges = [{ exchange: BUS_EXCHANGE, type: 'topic', durable: true }];
    this.forward = forward;
    this.publisher = this.conn.createPublisher({ exchanges, maxAttempts: 2 });
    this.consumer = this.conn.createConsumer(
      {
        queue: '',
        queueOptions: { exclusive: true, autoDelete: true },
        noAck: true,
        exchanges,
        queueBindings: this.bindings,
      },
      (msg) => this.local.publish(msg.routingKey, msg.body),
    );
    this.consumer.on('error', (err) => this.log?.warn({ err }, 'message broker consumer error'));
    this.started = new Promise((resolve) => this.consumer.once('ready', resolve));
  }

  publish(topic: string, message: unknown): void {
    const body = Buffer.from(JSON.stringify(message));
    this.send(BUS_EXCHANGE, topic, body);
    if (this.forward?.patterns.some((p) => topicMatches(p, topic))) this.send(this.forward.exchange, topic, body);
  }

  subscribe(pattern: string, handler: BusHandler): () => void {
    const off = this.local.subscribe(pattern, handler);
    const n = this.subscribers.get(pattern) ?? 0;
    this.subscribers.set(pattern, n + 1);
    if (n === 0) this.bind(pattern);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      off();
      const rest = this.subscribers.get(pattern)! - 1;
      if (rest) return void this.subscribers.set(pattern, rest);
      this.subscribers.delete(pattern);
      this.unbind(pattern);
    };
  }

  /** Resolves once the broker routes every pattern subscribed so far to this process. */
  async ready(): Promise<void> {
    await this.started;
    while (this.pending.size) await Promise.all(this.pending);
  }

  async close(): Promise<void> {
    // Subscribers leaving during shutdown need no unbinding: the exclusive queue goes with the connection.
    this.closing = true;
    await Promise.allSettled(this.pending);
    await this.consumer.close();
    await this.publisher.close();
    await this.conn.close();
    await this.local.close();
  }

  private send(exchange: string, topic: string, body: Buffer): void {
    this.publisher
      .send({ exchange, routingKey: topic, contentType: 'application/json' }, body)
      .catch((err: unknown) => this.log?.warn({ err, topic, exchange }, 'publishing to the message broker failed'));
  }

  private bind(pattern: string): void {
    const binding = { exchange: BUS_EXCHANGE, routingKey: pattern };
    this.bindings.push(binding);
    // Before the queue exists the consumer's setup binds it; after, it is bound here (binding twice is harmless).
    if (this.consumer.queue && !this.closing)
      this.track(this.conn.queueBind({ ...binding, queue: this.consumer.queue }));
  }

  private unbind(pattern: string): void {
    const i = this.bindings.findIndex((b) => b.routingKey === pattern);
    if (i >= 0) this.bindings.splice(i, 1);
    if (this.consumer.queue && !this.closing)
      this.track(this.conn.queueUnbind({ exchange: BUS_EXCHANGE, routingKey: pattern, queue: this.consumer.queue }));
  }

  /** A failed (un)binding means the connection dropped: the consumer's next setup declares the bindings again. */
  private track(p: Promise<unknown>): void {
    const settled = p.catch((err: unknown) =>
      this.log?.warn({ err }, 'binding on the message broker failed; it is redone on reconnect'),
    );
    this.pending.add(settled);
    void settled.finally(() => this.pending.delete(settled));
  }
}
