import { platformConfig } from '../platform.ts';

/** docs/requirements.md §4 and §9: reconnect 3 seconds after an error, then send every earlier subscription again. */
export const RECONNECT_MS = 3000;

/** The part of a browser WebSocket the feed clients use; tests hand in a fake. */
type FeedSocket = Pick<WebSocket, 'send' | 'close' | 'readyState'> & {
  onopen: ((ev: Event) => void) | null;
  onmessage: ((ev: MessageEvent) => void) | null;
  onclose: ((ev: CloseEvent) => void) | null;
  onerror: ((ev: Event) => void) | null;
};

export type SocketFactory = (url: string) => FeedSocket;
export const browserSocket: SocketFactory = (url) => new WebSocket(url) as unknown as FeedSocket;

/** The feeds' origin: the API's (or the page's), ws or wss to match: wsOrigin() → 'ws://localhost:4321'. */
export function wsOrigin(): string {
  const base = platformConfig().apiBase || (typeof location === 'undefined' ? 'http://localhost' : location.origin);
  return base.replace(/^http/, 'ws');
}

/**
 * One socket's life, shared by the public and the private feed clients: at most one open (or waiting to
 * reconnect), JSON messages, and a reconnect 3 s after a drop when the client still wants one.
 */
export abstract class FeedConnection<Command, Message> {
  protected socket: FeedSocket | undefined;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private readonly create: SocketFactory;

  constructor(create: SocketFactory) {
    this.create = create;
  }

  /** Opens the socket if the client wants one and none is open or waiting. */
  protected abstract ensureOpen(): void;
  protected abstract onOpen(): void;
  protected abstract onMessage(message: Message): void;
  /** Whether to reconnect after the server closed with this code. */
  protected abstract reconnectAfter(code: number): boolean;

  protected get idle(): boolean {
    return !this.socket && !this.retry;
  }

  protected open(url: string): void {
    const socket = this.create(url);
    this.socket = socket;
    socket.onopen = () => this.onOpen();
    socket.onmessage = (ev) => {
      let message: Message;
      try {
        message = JSON.parse(String(ev.data));
      } catch {
        return;
      }
      this.onMessage(message);
    };
    socket.onclose = (ev) => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      if (!this.reconnectAfter(ev.code)) return;
      this.retry = setTimeout(() => {
        this.retry = undefined;
        this.ensureOpen();
      }, RECONNECT_MS);
    };
    socket.onerror = () => socket.close();
  }

  protected send(cmd: Command): void {
    if (this.socket?.readyState === 1) this.socket.send(JSON.stringify(cmd));
  }

  protected close(): void {
    clearTimeout(this.retry);
    this.retry = undefined;
    const s = this.socket;
    this.socket = undefined;
    s?.close();
  }
}
