import { CHAT_MAX_CHARS, FEED_CLOSE, type ChatMessage } from '../../../isomorphic/contract/private-feed.ts';
import type { Bus } from '../../bus/bus.ts';
import type { UserRow } from '../../user/user.repo.ts';
import type { SocketAuth } from '../socket-auth.ts';
import { destinationFor } from './destinations.ts';
import { frame, parseFrames, type Frame } from './frames.ts';

/** docs/requirements.md §9 "broker keepalive 5 s": what the server offers both ways in CONNECTED's heart-beat. */
const SERVER_HEART_BEAT_MS = 5_000;
/** The largest frame read; a longer one gets an ERROR (a WebSocket message past 64 KB is cut by the socket). */
export const MAX_FRAME_BYTES = 16 * 1024;
/** Subscriptions per connection, as on the public feed. */
const MAX_STOMP_SUBSCRIPTIONS = 50;

/** What a session needs of its socket and the server; the socket route provides it. */
interface StompLink {
  send(text: string): void;
  close(code: number, reason: string): void;
  authenticate(login: string | undefined, passcode: string | undefined): Promise<SocketAuth>;
  /** Counts the user's connection; false when they hold too many. */
  admitUser(userId: number): boolean;
  bus: Bus;
}

/** Heart-beat periods in ms (0: none) from the client's `cx,cy` and the server's offer (STOMP 1.2 §Heart-beating). */
export function negotiateHeartBeat(
  header: string | undefined,
  serverMs = SERVER_HEART_BEAT_MS,
): { outgoing: number; incoming: number } | undefined {
  const m = /^(\d{1,9}),(\d{1,9})$/.exec(header ?? '0,0');
  if (!m) return undefined;
  const cx = Number(m[1]);
  const cy = Number(m[2]);
  return { outgoing: cy === 0 ? 0 : Math.max(serverMs, cy), incoming: cx === 0 ? 0 : Math.max(serverMs, cx) };
}

type Refusal = { message: string; detail?: string; code?: number };

/**
 * One STOMP 1.2 connection of the embedded broker: CONNECT (or STOMP) with the token as `passcode`, then
 * SUBSCRIBE / UNSUBSCRIBE to the user's own destinations, SEND to their own chat topic, DISCONNECT with a
 * RECEIPT. Frames are handled one after another, even while a CONNECT is being authenticated. Anything wrong
 * gets an ERROR frame and the connection closes (1.2: the server closes after ERROR); nothing throws.
 */
export class StompSession {
  user: UserRow | undefined;
  /** What the CONNECT authenticated with, to read the user again (freshForMerchantTopic). */
  private credentials: { login: string | undefined; passcode: string | undefined } | undefined;
  private readonly link: StompLink;
  private pending = Buffer.alloc(0);
  private queue: Promise<void> = Promise.resolve();
  private readonly subscriptions = new Map<string, () => void>();
  private messageId = 0;
  private closed = false;
  private outTimer: ReturnType<typeof setInterval> | undefined;
  private inTimer: ReturnType<typeof setInterval> | undefined;
  private heard = true;

  constructor(link: StompLink) {
    this.link = link;
  }

  /** A WebSocket message: heart-beats and frames, possibly a frame's first or last part. */
  receive(data: Buffer): void {
    if (this.closed) return;
    this.heard = true;
    const parsed = parseFrames(this.pending.length ? Buffer.concat([this.pending, data]) : data);
    if (!parsed.ok) return this.refuse({ message: parsed.problem });
    if (parsed.rest.length > MAX_FRAME_BYTES || parsed.frames.some((f) => f.size > MAX_FRAME_BYTES)) {
      return this.refuse({ message: `frame larger than ${MAX_FRAME_BYTES} bytes`, code: 1009 });
    }
    this.pending = Buffer.from(parsed.rest);
    for (const f of parsed.frames) this.queue = this.queue.then(() => (this.closed ? undefined : this.handle(f)));
  }

  /** The socket has gone: subscriptions and timers end. */
  end(): void {
    this.closed = true;
    clearInterval(this.outTimer);
    clearInterval(this.inTimer);
    for (const off of this.subscriptions.values()) off();
    this.subscriptions.clear();
  }

  /** Sends an ERROR frame and closes: a bad frame, a refused destination, an ended session. */
  refuse(r: Refusal, receipt?: string): void {
    if (this.closed) return;
    this.link.send(
      frame(
        'ERROR',
        { message: r.message, 'receipt-id': receipt, 'content-type': 'text/plain' },
        r.detail ?? r.message,
      ),
    );
    this.end();
    this.link.close(r.code ?? 1002, r.message.slice(0, 120));
  }

  private async handle(f: Frame): Promise<void> {
    const receipt = f.headers.get('receipt');
    await this.freshForMerchantTopic(f);
    const refusal = this.user ? this.connected(f) : await this.connect(f);
    if (refusal) return this.refuse(refusal, receipt);
    if (receipt !== undefined && f.command !== 'CONNECT' && f.command !== 'STOMP')
      this.link.send(frame('RECEIPT', { 'receipt-id': receipt }));
    if (f.command === 'DISCONNECT') {
      this.end();
      this.link.close(1000, 'disconnected');
    }
  }

  /**
   * A user approved as a merchant while connected subscribes to their merchant topic on the same socket: their row is
   * read again with the CONNECT's credentials, since the one read then says they are not a merchant (frames are
   * handled one after another, so nothing else reads `user` meanwhile).
   */
  private async freshForMerchantTopic(f: Frame): Promise<void> {
    if (!this.user || !this.credentials || f.command !== 'SUBSCRIBE' || this.user.isMerchant === 2) return;
    if (!/^\/topic\/merchant\./.test(f.headers.get('destination') ?? '')) return;
    const auth = await this.link.authenticate(this.credentials.login, this.credentials.passcode);
    if (auth.ok && auth.user.id === this.user.id) this.user = auth.user;
  }

  private async connect(f: Frame): Promise<Refusal | undefined> {
    if (f.command !== 'CONNECT' && f.command !== 'STOMP') return { message: 'not connected: send CONNECT first' };
    const versions = (f.headers.get('accept-version') ?? '1.0').split(',');
    if (!versions.includes('1.2'))
      return { message: 'this server speaks STOMP 1.2 only', detail: 'Supported protocol versions are 1.2' };
    const beat = negotiateHeartBeat(f.headers.get('heart-beat'));
    if (!beat) return { message: 'malformed heart-beat header' };
    const auth = await this.link.authenticate(f.headers.get('login'), f.headers.get('passcode'));
    if (!auth.ok) return { message: auth.reason, code: auth.code };
    if (!this.link.admitUser(auth.user.id)) return { message: 'too many connections for this user', code: 1008 };
    this.user = auth.user;
    this.credentials = { login: f.headers.get('login'), passcode: f.headers.get('passcode') };
    this.link.send(
      frame('CONNECTED', {
        version: '1.2',
        'heart-beat': `${SERVER_HEART_BEAT_MS},${SERVER_HEART_BEAT_MS}`,
        server: 'Lumex/1',
        'user-name': String(auth.user.id),
      }),
    );
    this.startHeartBeats(beat.outgoing, beat.incoming);
    return undefined;
  }

  /** Outgoing: an EOL every period. Incoming: two periods without a byte from the client end the connection. */
  private startHeartBeats(outgoing: number, incoming: number): void {
    if (outgoing) this.outTimer = setInterval(() => this.link.send('\n'), outgoing);
    if (incoming) {
      let missed = 0;
      this.inTimer = setInterval(() => {
        missed = this.heard ? 0 : missed + 1;
        this.heard = false;
        if (missed >= 2) this.refuse({ message: 'no heart-beat from the client', code: 1001 });
      }, incoming);
    }
  }

  private connected(f: Frame): Refusal | undefined {
    const user = this.user!;
    switch (f.command) {
      case 'SUBSCRIBE': {
        const id = f.headers.get('id');
        const dest = destinationFor(f.headers.get('destination') ?? '', user);
        if (!id) return { message: 'SUBSCRIBE needs an id header' };
        if (this.subscriptions.has(id)) return { message: `subscription id ${id.slice(0, 40)} is in use` };
        if ((f.headers.get('ack') ?? 'auto') !== 'auto') return { message: 'only ack:auto is supported' };
        if (!dest.ok) return { message: dest.problem, code: dest.foreign ? FEED_CLOSE.forbidden : 1002 };
        if (this.subscriptions.size >= MAX_STOMP_SUBSCRIPTIONS) return { message: 'too many subscriptions' };
        const destination = f.headers.get('destination')!;
        this.subscriptions.set(
          id,
          this.link.bus.subscribe(dest.topic, (message) => {
            const body = JSON.stringify(message);
            this.link.send(
              frame(
                'MESSAGE',
                {
                  subscription: id,
                  'message-id': `${++this.messageId}`,
                  destination,
                  'content-type': 'application/json',
                },
                body,
              ),
            );
          }),
        );
        return undefined;
      }
      case 'UNSUBSCRIBE': {
        const id = f.headers.get('id');
        if (!id) return { message: 'UNSUBSCRIBE needs an id header' };
        this.subscriptions.get(id)?.();
        this.subscriptions.delete(id);
        return undefined;
      }
      case 'SEND':
        return this.send(f, user);
      case 'DISCONNECT':
        return undefined;
      case 'CONNECT':
      case 'STOMP':
        return { message: 'already connected' };
      default:
        return { message: `${f.command} is not supported here` };
    }
  }

  /**
   * SEND goes only to the user's own chat topic, a JSON chat line (docs/requirements.md §5: 1–400 characters, not
   * blank).
   */
  private send(f: Frame, user: UserRow): Refusal | undefined {
    const dest = destinationFor(f.headers.get('destination') ?? '', user);
    if (!dest.ok) return { message: dest.problem, code: dest.foreign ? FEED_CLOSE.forbidden : 1002 };
    if (dest.kind !== 'chat') return { message: 'only a chat topic takes SEND' };
    let body: { content?: unknown; contentType?: unknown };
    try {
      body = JSON.parse(f.body.toString('utf8'));
    } catch {
      return { message: 'the body must be JSON: {"content": "…"}' };
    }
    const { content, contentType = 1 } = body ?? {};
    if (
      typeof content !== 'string' ||
      !content.trim() ||
      [...content].length > CHAT_MAX_CHARS ||
      (contentType !== 1 && contentType !== 2)
    ) {
      return { message: `a chat message is 1 to ${CHAT_MAX_CHARS} characters, contentType 1 or 2` };
    }
    this.link.bus.publish(dest.topic, { content, contentType, from: user.id, ts: Date.now() } satisfies ChatMessage);
    return undefined;
  }
}
