/**
 * `npm run check`: the type checks of the server and scripts (`tsc --noEmit`) and of the site (`astro check`), side
 * by side: each is one process on one core, so on two cores the pair takes as long as the slower one (about 30 s
 * instead of 49 s one after the other). Each one's output is printed whole when it ends, so the two never mix;
 * the exit code is non-zero when either fails.
 */
import { spawn } from 'node:child_process';

function run(name: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npx', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => out.push(b));
    child.on('close', (code) => {
      process.stdout.write(`\n== ${name} (${args.join(' ')}): ${code === 0 ? 'passed' : 'failed'}\n${Buffer.concat(out).toString()}`);
      resolve(code ?? 1);
    });
  });
}

const codes = await Promise.all([run('server and scripts', ['tsc', '--noEmit']), run('site', ['astro', 'check', '--tsconfig', 'tsconfig.astro.json'])]);
process.exit(codes.some((c) => c !== 0) ? 1 : 0);
