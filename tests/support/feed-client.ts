/**
 * A plain WebSocket client for feed tests: keeps every JSON message, waits for the one a test expects, and its close.
 */
export class FeedTestClient<M extends { event: string }> {
  readonly messages: M[] = [];
  readonly ws: WebSocket;
  readonly closed: Promise<{ code: number; reason: string }>;
  private readonly waiters: Array<() => void> = [];

  constructor(url: string) {
    this.ws = new WebSocket(url);
    this.ws.onmessage = (e) => {
      this.messages.push(JSON.parse(String(e.data)));
      for (const w of this.waiters.splice(0)) w();
    };
    this.closed = new Promise((resolve) => (this.ws.onclose = (e) => resolve({ code: e.code, reason: e.reason })));
  }

  opened(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.ws.onopen = () => resolve();
      this.ws.onerror = () => reject(new Error('socket did not open'));
    });
  }

  send(cmd: object): void {
    this.ws.send(JSON.stringify(cmd));
  }

  /** Takes the first message that matches, waiting up to timeoutMs for it. */
  async next(match: (m: M) => boolean, timeoutMs = 3000): Promise<M> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(match);
      if (found) {
        this.messages.splice(this.messages.indexOf(found), 1);
        return found;
      }
      if (Date.now() > deadline)
        throw new Error(`no matching message; got ${JSON.stringify(this.messages.map((m) => m.event))}`);
      await new Promise<void>((r) => {
        this.waiters.push(r);
        setTimeout(r, 50);
      });
    }
  }

  close(): void {
    this.ws.close();
  }
}
