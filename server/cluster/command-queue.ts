import { Connection, type Consumer, type Publisher } from 'rabbitmq-client';

/**
 * The queue every edge sends its API requests to and the active core consumes (docs/architecture.md, "Scale-out"): a
 * quorum queue, so what an edge has handed over survives a broker restart and a broker node, and single active
 * consumer, so only one core takes from it at a time however many are connected; when that core's connection goes, its
 * unacknowledged requests go back to the queue for the next.
 */
export const COMMAND_QUEUE = 'lumex.core.commands';
/** The queue's declaration (another name only for the bench's floor, which measures the broker alone). */
const declare = (queue: string) =>
  ({ queue, durable: true, arguments: { 'x-queue-type': 'quorum', 'x-single-active-consumer': true } }) as const;

/** An API request as the edge received it, for the core to carry out. */
export interface ForwardedRequest {
  /**
   * The edge's key for the request (a client's Idempotency-Key, which counts first, stays in the headers): the core
   * decides each of its commands at most once (server/core/request-keys.ts).
   */
  key: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The raw body, base64. */
  body?: string;
  /** The caller's address as the edge saw it: rate limits and the audit log key on it. */
  ip: string;
}

export interface ForwardedReply {
  status: number;
  headers: Record<string, string>;
  /** base64 */
  body: string;
}

/** Headers as the wire carries them: one string each, without `drop` (hop-by-hop headers, lengths). */
export function headerStrings(
  headers: Record<string, string | string[] | number | undefined>,
  drop: ReadonlySet<string>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || drop.has(name)) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}

export function connectBroker(url: string, name: string, log: { warn(obj: object, msg: string): void }): Connection {
  const conn = new Connection({ url, connectionName: name, retryLow: 100, retryHigh: 2000 });
  conn.on('error', (err) => log.warn({ err }, 'message broker connection error; reconnecting'));
  return conn;
}

/**
 * The core's side: takes requests from the queue, at most `concurrency` at once (they join the core's batches),
 * and answers each on the sender's reply queue before acknowledging it. A request whose handling throws goes back
 * to the queue.
 */
export function serveCommands<Q = ForwardedRequest, A = ForwardedReply>(
  conn: Connection,
  handle: (req: Q) => Promise<A>,
  o: { concurrency: number; log: { warn(obj: object, msg: string): void }; queue?: string },
): Consumer {
  const queue = o.queue ?? COMMAND_QUEUE;
  const consumer = conn.createConsumer(
    {
      queue,
      queueOptions: declare(queue),
      qos: { prefetchCount: o.concurrency },
      concurrency: o.concurrency,
      requeue: true,
    },
    async (msg, reply) => {
      const answer = await handle(msg.body as Q);
      if (msg.replyTo) await reply(answer, { contentType: 'application/json' });
    },
  );
  consumer.on('error', (err) => o.log.warn({ err }, 'command queue consumer error'));
  return consumer;
}

/**
 * The edge's side: sends a request and waits for the core's answer on a reply queue of its own (exclusive, made
 * anew on each connection), at most `timeoutMs`; the request expires in the queue after that, unread. (The client
 * library's RPC helper races its reply consumer's set-up under a burst of requests and closes the channel.)
 */
export class CommandClient<Q = ForwardedRequest, A = ForwardedReply> {
  private readonly queue: string;
  private readonly timeoutMs: number;
  private readonly publisher: Publisher;
  private readonly replies: Consumer;
  private readonly ready: Promise<void>;
  private readonly waiting = new Map<
    string,
    { resolve: (a: A) => void; reject: (err: Error) => void; timer: NodeJS.Timeout; replyTo: string }
  >();
  private next = 0;

  constructor(conn: Connection, timeoutMs: number, queue = COMMAND_QUEUE) {
    this.queue = queue;
    this.timeoutMs = timeoutMs;
    this.publisher = conn.createPublisher({ confirm: true, queues: [declare(queue)] });
    this.replies = conn.createConsumer(
      { queue: '', queueOptions: { exclusive: true, autoDelete: true }, noAck: true },
      (msg) => {
        const w = msg.correlationId ? this.waiting.get(msg.correlationId) : undefined;
        if (!w) return;
        this.waiting.delete(msg.correlationId!);
        clearTimeout(w.timer);
        w.resolve(msg.body as A);
      },
    );
    this.ready = new Promise((resolve) => this.replies.once('ready', () => resolve()));
    // After a reconnection the reply queue is a new one: answers to the old one are gone, so the callers hear of
    // it now rather than at their time-out (and retry with their keys).
    this.replies.on('ready', () => {
      for (const [id, w] of this.waiting)
        if (w.replyTo !== this.replies.queue)
          this.drop(id, new Error('the connection to the broker was lost before the answer came'));
    });
  }

  private drop(id: string, err: Error): void {
    const w = this.waiting.get(id);
    if (!w) return;
    this.waiting.delete(id);
    clearTimeout(w.timer);
    w.reject(err);
  }

  async send(req: Q): Promise<A> {
    await this.ready;
    const id = `${++this.next}`;
    const replyTo = this.replies.queue;
    const answer = new Promise<A>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new Error(`no answer from ${this.queue} within ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      this.waiting.set(id, { resolve, reject, timer, replyTo });
    });
    // Handled here too, so an answer dropped while the request is still being sent rejects no one unawaited.
    answer.catch(() => {});
    try {
      await this.publisher.send(
        {
          routingKey: this.queue,
          durable: true,
          contentType: 'application/json',
          replyTo,
          correlationId: id,
          expiration: String(this.timeoutMs),
        },
        req,
      );
    } catch (err) {
      this.drop(id, err as Error);
      throw err;
    }
    // Sent after a reconnection that replaced the reply queue: its answer can never arrive.
    if (replyTo !== this.replies.queue)
      this.drop(id, new Error('the connection to the broker was lost before the request was sent'));
    return answer;
  }

  async close(): Promise<void> {
    for (const id of [...this.waiting.keys()]) this.drop(id, new Error('the command client is closing'));
    await this.replies.close();
    await this.publisher.close();
  }
}
