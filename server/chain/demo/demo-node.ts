import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * A local EVM development node (Hardhat's network) as a child process: what `npm start` runs as the demo chain and
 * what the chain tests run against. It serves JSON-RPC on 127.0.0.1 only; its state lives in memory, so every start
 * is a fresh chain (server/chain/demo/demo-chain.ts notices and starts the platform's view of it over).
 */
export interface EvmNode {
  url: string;
  stop(): Promise<void>;
}

const CONFIG = fileURLToPath(new URL('./hardhat.config.cjs', import.meta.url));
const READY = /Started HTTP and WebSocket JSON-RPC server at (http:\/\/[^\s/]+)\//;

export async function startEvmNode(opts: { dir: string; port?: number; blockMs?: number }): Promise<EvmNode> {
  mkdirSync(opts.dir, { recursive: true });
  const cli = createRequire(import.meta.url).resolve('hardhat/internal/cli/cli.js');
  const child = spawn(
    process.execPath,
    [cli, '--config', CONFIG, 'node', '--hostname', '127.0.0.1', '--port', String(opts.port ?? 0)],
    {
      env: {
        ...process.env,
        DEMO_CHAIN_DIR: opts.dir,
        DEMO_CHAIN_BLOCK_MS: String(opts.blockMs ?? 0),
        HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const onData = (b: Buffer) => {
      out += b.toString();
      const m = READY.exec(out);
      if (m) {
        child.stdout!.off('data', onData);
        // The node prints every request otherwise; nothing reads it.
        child.stdout!.resume();
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
    child.once('exit', (code) =>
      reject(new Error(`the demo chain's node exited (${code}) before it was ready:\n${out}`)),
    );
  });
  // A server that dies without its shutdown must not leave its chain running.
  const orphan = () => child.kill('SIGKILL');
  process.once('exit', orphan);
  return {
    url,
    stop: () => {
      process.off('exit', orphan);
      return stopChild(child);
    },
  };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
