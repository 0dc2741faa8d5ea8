import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { Connection } from 'rabbitmq-client';

/** One process of a local cluster (`node server/main.ts` with a ROLE), its output kept for the test to read. */
export class ClusterNode {
  readonly url: string;
  readonly child: ChildProcess;
  readonly output: string[] = [];
  private readonly waiters = new Set<() => void>();

  readonly name: string;
  readonly port: number;

  constructor(name: string, port: number, env: Record<string, string>) {
    this.name = name;
    this.port = port;
    this.url = `http://127.0.0.1:${port}`;
    this.child = spawn(process.execPath, ['server/main.ts'], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      this.output.push(...String(chunk).split('\n').filter(Boolean));
      for (const w of this.waiters) w();
    };
    this.child.stdout!.on('data', keep);
    this.child.stderr!.on('data', keep);
    this.child.once('exit', () => {
      for (const w of this.waiters) w();
    });
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Waits for a line of output matching `re` (answering it), failing when the process exits first. */
  waitFor(re: RegExp, ms = 60_000): Promise<string> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const line = this.output.find((l) => re.test(l));
        if (line) return finish(() => resolve(line));
        if (!this.alive)
          return finish(() =>
            reject(
              new Error(
                `${this.name} exited (${this.child.exitCode ?? this.child.signalCode}) before printing ${re}:\n${this.output.slice(-20).join('\n')}`,
              ),
            ),
          );
      };
      const timer = setTimeout(
        () =>
          finish(() =>
            reject(
              new Error(`${this.name} did not print ${re} within ${ms} ms:\n${this.output.slice(-20).join('\n')}`),
            ),
          ),
        ms,
      );
      const finish = (fn: () => void) => {
        clearTimeout(timer);
        this.waiters.delete(check);
        fn();
      };
      this.waiters.add(check);
      check();
    });
  }

  /** Waits until the node answers HTTP (its pages' config script). */
  async answering(ms = 60_000): Promise<void> {
    const deadline = Date.now() + ms;
    for (;;) {
      if (!this.alive) throw new Error(`${this.name} exited:\n${this.output.slice(-20).join('\n')}`);
      try {
        if ((await fetch(`${this.url}/platform/dev/config.js`)).ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`${this.name} did not answer within ${ms} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  kill(signal: NodeJS.Signals): Promise<void> {
    if (!this.alive) return Promise.resolve();
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.kill(signal);
    });
  }
}

/**
 * The RabbitMQ virtual host a cluster test runs in, made (with rights for the test user) when it is missing:
 * the cluster's command queue and events stay apart from every other test's and every other run's (name it per
 * process). Undefined when it cannot be had.
 */
export async function clusterBroker(brokerUrl: string, vhost: string): Promise<string | undefined> {
  try {
    execFileSync('rabbitmqctl', ['add_vhost', vhost], { stdio: 'ignore' });
  } catch {
    // It exists already, or rabbitmqctl is not ours to run: the connection below tells.
  }
  try {
    execFileSync(
      'rabbitmqctl',
      ['set_permissions', '-p', vhost, new URL(brokerUrl).username || 'guest', '.*', '.*', '.*'],
      { stdio: 'ignore' },
    );
  } catch {
    // as above
  }
  const url = `${brokerUrl.replace(/\/$/, '')}/${encodeURIComponent(vhost)}`;
  const conn = new Connection({ url, retryLow: 100, retryHigh: 100 });
  conn.on('error', () => {});
  try {
    await conn.onConnect(3000);
    return url;
  } catch {
    return undefined;
  } finally {
    await conn.close();
  }
}

/** Removes a virtual host clusterBroker made, with its queues and exchanges. */
export function dropClusterBroker(vhost: string): void {
  try {
    execFileSync('rabbitmqctl', ['delete_vhost', vhost], { stdio: 'ignore' });
  } catch {
    // gone already, or not ours to remove
  }
}

/** Drops every client connection of the cluster's virtual host, as a broker restart does to its clients. */
export function dropBrokerConnections(vhost: string): void {
  execFileSync('rabbitmqctl', ['close_all_connections', '--vhost', vhost, '--limit', '10000', 'fault test'], {
    stdio: 'ignore',
  });
}
