/**
 * The machine's floor for a fan-out: one 3 KB write to each of 1,000 loopback TCP sockets with plain node:net,
 * no WebSocket framing, no JSON; receivers in a child process. Run by feed.bench.ts (its last line), or alone.
 * Prints how long one round of writes takes, p50 and max of 30 rounds.
 */
import { fork } from 'node:child_process';
import { connect, createServer, type Socket } from 'node:net';

const CLIENTS = Number(process.env.CLIENTS ?? 1000);
const PORT = 4477;

if (process.argv[2] === 'receivers') {
  for (let i = 0; i < CLIENTS; i++) connect(PORT, '127.0.0.1').on('data', () => {});
} else {
  const sockets: Socket[] = [];
  const server = createServer((s) => {
    s.setNoDelay(true);
    sockets.push(s);
  });
  server.listen(PORT, '127.0.0.1', async () => {
    const receivers = fork(new URL(import.meta.url).pathname, ['receivers']);
    while (sockets.length < CLIENTS) await new Promise((r) => setTimeout(r, 20));
    const payload = Buffer.alloc(3000, 97);
    const rounds: number[] = [];
    for (let k = 0; k < 30; k++) {
      const t0 = performance.now();
      for (const s of sockets) s.write(payload);
      rounds.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 100));
    }
    rounds.sort((a, b) => a - b);
    console.log(
      `  ${'floor: raw node:net'.padEnd(24)} one 3 KB write to each of ${CLIENTS} sockets takes p50 ${rounds[15]!.toFixed(1)} ms, max ${rounds[29]!.toFixed(1)} ms`,
    );
    receivers.kill();
    process.exit(0);
  });
}
