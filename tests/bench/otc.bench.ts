/**
 * OTC notices and chat over the STOMP socket. 1,000 buyers hold a paid and an unpaid order on one merchant's sell
 * ad (set up by otc-server.ts, its own process); each is connected to /ws/stomp over a real socket and subscribed
 * to their own /topic/user.{id}.refresh. Two kinds of real OTC notices reach them:
 *  - a steady stream: the merchant appeals each buyer's paid order through the API, 100 a second;
 *  - a burst: the clock moves past the payment window and one run of the expiry job cancels all 1,000 unpaid
 *    orders at once.
 * Lag is the receiver's clock minus the `ts` the server stamped on the notice (same machine), less the offset the
 * bench put on the server's clock. Then one buyer sends 200 chat lines with sendChatRecord and the merchant
 * receives them on /topic/user.{id}.chat: send-to-receive time, next to the same payload bounced by a plain
 * WebSocket echo in the server's process. Last, the machine's loopback floor (loopback-floor.ts).
 */
import { fork, spawn } from 'node:child_process';
import { WebSocket } from 'ws';
import { frame } from '../../server/feeds/stomp/frames.ts';
import { appealOrder, sendChat } from '../../isomorphic/contract/otc.endpoints.ts';
import { STOMP_DESTINATION, STOMP_PATH } from '../../isomorphic/contract/private-feed.ts';
import type { OtcBenchReady, Seat } from './otc-server.ts';

const BUYERS = Number(process.env.BUYERS ?? 1000);
const RATE = Number(process.env.RATE ?? 100);
const CHAT_LINES = Number(process.env.CHAT_LINES ?? 200);
const PAY_WINDOW_MS = 15 * 60_000;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const ms = (v: number, digits = 0) => `${v.toFixed(digits).padStart(digits ? 6 : 4)} ms`;
const line = (label: string, values: number[], extra = '', digits = 0) => {
  const s = sorted(values);
  console.log(
    `  ${label.padEnd(40)} ${String(s.length).padStart(5)} msgs  p50 ${ms(percentile(s, 50), digits)}  p99 ${ms(percentile(s, 99), digits)}${extra}`,
  );
};
async function until(done: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}

// The server, set up before anyone connects.
const server = fork(new URL('./otc-server.ts', import.meta.url).pathname, [], {
  env: { ...process.env, BUYERS: String(BUYERS), PORT: '4478' },
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
});
const setupStarted = performance.now();
const ready = await new Promise<OtcBenchReady>((resolve, reject) => {
  server.on('message', (m: { ready?: OtcBenchReady }) => m.ready && resolve(m.ready));
  server.once('exit', (code) => reject(new Error(`otc-server exited with ${code}`)));
});
const setupSeconds = (performance.now() - setupStarted) / 1000;
const origin = `127.0.0.1:${ready.port}`;
/** What the bench has added to the server's clock: the `ts` of a notice is on that clock. */
let offset = 0;

/**
 * A STOMP 1.2 session of `who`, subscribed to `destination`; resolves once the SUBSCRIBE's receipt is back.
 * No heart-beats (0,0): the bench's sockets stay busy enough, and the server then keeps no timer per session.
 */
function stomp(
  who: Seat,
  destination: string,
  localAddress: string,
  onMessage: (data: Buffer) => void,
): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://${origin}${STOMP_PATH}`, ['v12.stomp'], { localAddress });
    ws.on('open', () =>
      ws.send(
        frame('CONNECT', {
          'accept-version': '1.2',
          host: '127.0.0.1',
          login: String(who.id),
          passcode: who.token,
          'heart-beat': '0,0',
        }) + frame('SUBSCRIBE', { id: '0', destination, receipt: 'subscribed' }),
      ),
    );
    ws.on('error', reject);
    ws.on('message', (data: Buffer) => {
      // M(ESSAGE) is what the bench measures; a R(ECEIPT) says the subscription is live; E(RROR) is fatal.
      if (data[0] === 0x4d) onMessage(data);
      else if (data[0] === 0x52) resolve(ws);
      else if (data[0] === 0x45) reject(new Error(data.toString('utf8', 0, 200)));
    });
  });
}

// 1. A thousand buyers on the socket. The socket admits 20 connections per client address (the public feed's
// MAX_CONNECTIONS_PER_ADDRESS; no setting changes it): they come from 100 loopback addresses, 10 each.
const lags: Record<string, number[]> = { appealed: [], expired: [] };
/**
 * The notice's `ts` and what happened, read off the start of the body: {"kind":"otc","ts":…,"notice":{…,"content":"…".
 */
const NOTICE = /^\{"kind":"otc","ts":(\d+),"notice":\{"type":"\w+","isNew":\d,"content":"(\w+)"/;
const receive = (data: Buffer) => {
  // A thousand receivers share this one process, so each reads only the few bytes the lag needs (a browser
  // parses its one copy whole): the MESSAGE frame's body starts after its blank line.
  const received = Date.now();
  const body = data.indexOf('\n\n') + 2;
  const m = NOTICE.exec(data.toString('latin1', body, body + 120));
  if (m) lags[m[2]!]?.push(received - (Number(m[1]) - offset));
};
const sockets: WebSocket[] = [];
const connectStarted = performance.now();
for (let i = 0; i < BUYERS; i += 100) {
  sockets.push(
    ...(await Promise.all(
      ready.buyers
        .slice(i, i + 100)
        .map((b, k) => stomp(b, STOMP_DESTINATION.refresh(b.id), `127.0.1.${1 + ((i + k) % 100)}`, receive)),
    )),
  );
}
const connectSeconds = (performance.now() - connectStarted) / 1000;

// 2. The steady stream: the merchant appeals each buyer's paid order through the API, RATE a second. An appeal
// is the seller's action that needs no fund password: a release checks it with argon2 (about 20 ms, far more
// on a loaded machine), which at 100 a second would measure the hash, not the delivery.
const post = async (path: string, body: object, token: string) => {
  const res = await fetch(`http://${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; msg: string; data: unknown };
};
let refused = 0;
const streamStarted = performance.now();
await new Promise<void>((resolve) => {
  let sent = 0;
  const tick = setInterval(() => {
    const due = Math.min(BUYERS, Math.floor(((performance.now() - streamStarted) * RATE) / 1000) + 1);
    for (; sent < due; sent++) {
      void post(
        appealOrder.path,
        { id: ready.buyers[sent]!.paidOrder, reason: 'No payment has arrived in my account' },
        ready.merchant.token,
      ).then((r) => {
        if (r.code !== 200) refused++;
      });
    }
    if (sent >= BUYERS) {
      clearInterval(tick);
      resolve();
    }
  }, 5);
});
const streamSeconds = (performance.now() - streamStarted) / 1000;
await until(() => lags.appealed!.length + refused >= BUYERS, 20_000);

// 3. The burst: the payment window passes on the server's clock; the expiry job's next run (within a second)
// cancels every unpaid order in one command, and each buyer is told.
offset += PAY_WINDOW_MS + 1_000;
server.send({ advanceClock: PAY_WINDOW_MS + 1_000 });
await until(() => lags.expired!.length >= BUYERS, 30_000);

// 4. Chat: the extra buyer writes, the merchant reads their own chat topic. One line at a time: the next is sent
// once the last has arrived. The 1,000 buyers stay connected, idle.
let arrived: ((at: number) => void) | undefined;
const reader = await stomp(ready.merchant, STOMP_DESTINATION.chat(ready.merchant.id), '127.0.0.1', () =>
  arrived?.(performance.now()),
);
const chatBody = (n: number) => ({
  chatId: `order-${ready.chatter.orderId}`,
  contentType: 1,
  content: `Line ${n}: I have sent the payment by Alipay, please check and release. `.padEnd(120, '.'),
});
const chatTimes: number[] = [];
let chatRefused = 0;
for (let n = 0; n < CHAT_LINES; n++) {
  const delivered = new Promise<number>((resolve) => (arrived = resolve));
  const sentAt = performance.now();
  const answer = await post(sendChat.path, chatBody(n), ready.chatter.token);
  if (answer.code !== 200) {
    chatRefused++;
    continue;
  }
  chatTimes.push((await delivered) - sentAt);
}
reader.close();
const echo = new WebSocket(`ws://127.0.0.1:${ready.echoPort}/`);
await new Promise((resolve) => echo.once('open', resolve));
const echoTimes: number[] = [];
for (let n = 0; n < CHAT_LINES; n++) {
  const back = new Promise((resolve) => echo.once('message', resolve));
  const sentAt = performance.now();
  echo.send(JSON.stringify(chatBody(n)));
  await back;
  echoTimes.push(performance.now() - sentAt);
}
echo.close();
for (const s of sockets) s.close();
server.disconnect();
await new Promise((resolve) => server.once('exit', resolve));

// 5. The floor, in this same run: how long the kernel takes for one write to each of as many loopback sockets.
const floorOut = await new Promise<string>((resolve) => {
  const floor = spawn(process.execPath, [new URL('./loopback-floor.ts', import.meta.url).pathname], {
    env: { ...process.env, CLIENTS: String(BUYERS) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  floor.stdout.on('data', (d: Buffer) => (out += d));
  floor.once('exit', () => resolve(out));
});
const floorP50 = Number(/p50 ([\d.]+) ms/.exec(floorOut)?.[1]);

console.log(
  `OTC notices to ${BUYERS} buyers on the STOMP socket (${STOMP_PATH}), each subscribed to /topic/user.{id}.refresh; set up in ${setupSeconds.toFixed(0)} s, all connected in ${connectSeconds.toFixed(1)} s:`,
);
line(
  `steady: ${RATE} appeals/s by the merchant`,
  lags.appealed!,
  `  (${(BUYERS / streamSeconds).toFixed(0)}/s sent over ${streamSeconds.toFixed(1)} s, ${refused} refused)`,
);
const burst = sorted(lags.expired!);
line(`burst: ${BUYERS} expiries in one job run`, burst);
process.stdout.write(floorOut);
console.log(
  `  ${'burst / floor'.padEnd(40)} p50 ${(percentile(burst, 50) / floorP50).toFixed(0)}×  p99 ${(percentile(burst, 99) / floorP50).toFixed(0)}× the floor's p50`,
);
console.log(
  `Order chat round trip, ${CHAT_LINES} lines of ${JSON.stringify(chatBody(0)).length} bytes, one at a time:`,
);
line('sendChatRecord → /topic/user.{id}.chat', chatTimes, chatRefused ? `  (${chatRefused} refused)` : '', 1);
line('bare ws echo, same payload', echoTimes, '', 1);
process.exit(0);
