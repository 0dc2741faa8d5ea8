import { createServer } from 'node:http';
import { TEST_BROKER_URL } from './broker.ts';

/** RabbitMQ Web-STOMP's endpoint (the plugin's default port and path). */
export const TEST_WEB_STOMP_URL = process.env.TEST_WEB_STOMP_URL || 'ws://127.0.0.1:15674/ws';
/** Where scripts/broker-setup.sh points the broker's HTTP auth backend (BROKER_AUTH_PORT's default). */
export const TEST_BROKER_AUTH_PORT = Number(process.env.TEST_BROKER_AUTH_PORT || 4391);

/** Sends one CONNECT to Web-STOMP; resolves when it answers or closes, false when it cannot be reached. */
function connectOnce(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    let ws: WebSocket;
    try {
      ws = new WebSocket(url, ['v12.stomp']);
    } catch {
      return resolve(false);
    }
    const done = (ok: boolean) => {
      clearTimeout(timer);
      ws.onclose = ws.onerror = ws.onmessage = null;
      ws.close();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), 3000);
    ws.onopen = () => ws.send('CONNECT\naccept-version:1.2\nlogin:1\npasscode:probe\n\n\0');
    ws.onmessage = () => done(true);
    ws.onerror = () => done(false);
    ws.onclose = () => done(true);
  });
}

/**
 * Why the Web-STOMP tests cannot run here, or undefined when they can: RabbitMQ answers, its Web-STOMP plugin
 * answers, the auth hook's port is free for the test's server, and a CONNECT makes the broker call that port
 * (scripts/broker-setup.sh has run). The tests are skipped with this notice otherwise, as the bus tests are
 * without a broker.
 */
async function unavailable(): Promise<string | undefined> {
  if (!TEST_BROKER_URL) return 'no RabbitMQ';
  let asked = 0;
  const hook = createServer((req, res) => {
    asked++;
    req.resume();
    res.end('deny');
  });
  const listening = await new Promise<boolean>((resolve) => {
    hook.once('error', () => resolve(false));
    hook.listen(TEST_BROKER_AUTH_PORT, '127.0.0.1', () => resolve(true));
  });
  if (!listening) return `port ${TEST_BROKER_AUTH_PORT} of the broker auth hook is taken`;
  try {
    if (!(await connectOnce(TEST_WEB_STOMP_URL))) return `no RabbitMQ Web-STOMP at ${TEST_WEB_STOMP_URL}`;
    if (!asked) return `the broker does not ask 127.0.0.1:${TEST_BROKER_AUTH_PORT} (run scripts/broker-setup.sh)`;
    return undefined;
  } finally {
    hook.closeAllConnections();
    await new Promise((resolve) => hook.close(resolve));
  }
}

export const WEB_STOMP_UNAVAILABLE = await unavailable();
if (WEB_STOMP_UNAVAILABLE) console.warn(`The RabbitMQ Web-STOMP tests are skipped: ${WEB_STOMP_UNAVAILABLE}`);
