/**
 * `npm run check`: the type checks of the server and scripts (`tsc --noEmit`) and of the site (`astro check`), side
 * by side: each is one process on one core, so on two cores the pair takes as long as the slower one (about 30 s
 * instead of 49 s one after the other). Beside them, two quick ones (a few seconds): Biome's formatter and linter
 * (`biome ci`, biome.jsonc; warnings fail too) and the 120-column rule (scripts/line-width.ts). Each one's output is
 * printed whole when it ends, so they never mix; the exit code is non-zero when any fails. `npm run format` fixes
 * what the formatter and the column rule find.
 */
import { spawn } from 'node:child_process';
import { lineWidthProblems, sourceFiles } from './line-width.ts';

function report(name: string, code: number, output: string): number {
  process.stdout.write(`\n== ${name}: ${code === 0 ? 'passed' : 'failed'}\n${output}`);
  return code;
}

function run(name: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npx', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => out.push(b));
    child.on('close', (code) =>
      resolve(report(`${name} (${args.join(' ')})`, code ?? 1, Buffer.concat(out).toString())),
    );
  });
}

const checks = [
  run('server and scripts', ['tsc', '--noEmit']),
  run('site', ['astro', 'check', '--tsconfig', 'tsconfig.astro.json']),
  run('format and lint', ['biome', 'ci', '--error-on-warnings', '--max-diagnostics=50', '.']),
];
const problems = lineWidthProblems(sourceFiles());
const width = report('line width', problems.length === 0 ? 0 : 1, problems.map((p) => `${p}\n`).join(''));
const codes = [width, ...(await Promise.all(checks))];
process.exit(codes.some((c) => c !== 0) ? 1 : 0);
