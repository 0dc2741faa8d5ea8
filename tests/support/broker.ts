import { connect } from 'node:net';

const LOCAL_BROKER = 'amqp://guest:guest@127.0.0.1:5672';

/** Whether something accepts TCP connections at the address within a short time. */
function answers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 500 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

/**
 * The RabbitMQ server the broker tests use: TEST_BROKER_URL when set (CI sets it when a broker answers), else the
 * local one on 127.0.0.1:5672 if it answers. Undefined (with a printed notice) when there is none, and the broker
 * tests are skipped, as the PostgreSQL ones are without TEST_DATABASE_URL.
 */
export const TEST_BROKER_URL: string | undefined =
  process.env.TEST_BROKER_URL || ((await answers('127.0.0.1', 5672)) ? LOCAL_BROKER : undefined);
if (!TEST_BROKER_URL)
  console.warn('No RabbitMQ on 127.0.0.1:5672 and no TEST_BROKER_URL: the RabbitMQ bus tests are skipped');
