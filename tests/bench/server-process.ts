import { benchDir } from './bench-dir.ts';
import { spawn, type ChildProcess } from 'node:child_process';

export interface Running {
  url: string;
  child: ChildProcess;
  /** Milliseconds from spawning the process to its first answer. */
  startMs: number;
  /** When the process was spawned (performance.now()). */
  spawnedAt: number;
  stop(): Promise<void>;
}

/** Starts `node server/main.ts` (or `script`) on a free port and waits for its first answer. */
export async function startServer(opts: {
  dataDir?: string;
  port: number;
  env?: Record<string, string>;
  script?: string;
}): Promise<Running> {
  const dataDir = opts.dataDir ?? benchDir('lumex-bench-');
  const started = performance.now();
  const child = spawn(process.execPath, [opts.script ?? 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...opts.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${opts.port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/platform/dev/config.js`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  const startMs = performance.now() - started;
  return {
    url,
    child,
    startMs,
    spawnedAt: started,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}
