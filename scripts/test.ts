/**
 * `npm test`: every unit and integration test (vitest), then the end-to-end journeys (Playwright in Chromium).
 * Both runs always happen; the end shows where the time went (scripts/test-times.ts), the failed tests and the
 * counts, and the exit code is non-zero on any failure.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { phasesOf, timesReport } from './test-times.ts';

const ARTIFACTS = 'tests/.artifacts';
rmSync(`${ARTIFACTS}/vitest.json`, { force: true });
rmSync(`${ARTIFACTS}/playwright.json`, { force: true });
mkdirSync(ARTIFACTS, { recursive: true });

function timed<T>(run: () => T): [T, number] {
  const started = performance.now();
  const result = run();
  return [result, (performance.now() - started) / 1000];
}
const [unit, unitSeconds] = timed(() =>
  spawnSync(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${ARTIFACTS}/vitest.json`],
    { stdio: 'inherit' },
  ),
);
const [e2e, e2eSeconds] = timed(() => spawnSync(process.execPath, ['scripts/test-e2e.ts'], { stdio: 'inherit' }));

function counts(file: string, read: (json: any) => { passed: number; failed: number; skipped: number }) {
  if (!existsSync(file)) return undefined;
  return read(JSON.parse(readFileSync(file, 'utf8')));
}
const u = counts(`${ARTIFACTS}/vitest.json`, (j) => ({
  passed: j.numPassedTests,
  failed: j.numFailedTests,
  skipped: j.numPendingTests + j.numTodoTests,
}));
const p = counts(`${ARTIFACTS}/playwright.json`, (j) => ({
  passed: j.stats.expected,
  failed: j.stats.unexpected + j.stats.flaky,
  skipped: j.stats.skipped,
}));

function firstLine(message: string | undefined) {
  return (
    (message ?? '')
      .split('\n')
      .find((line) => line.trim())
      ?.trim()
      .slice(0, 200) ?? ''
  );
}
function unitFailures(file: string): string[] {
  if (!existsSync(file)) return [];
  const json = JSON.parse(readFileSync(file, 'utf8'));
  return json.testResults.flatMap((f: any) => {
    const tests = f.assertionResults
      .filter((t: any) => t.status === 'failed')
      .map(
        (t: any) => `${f.name.replace(process.cwd() + '/', '')} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`,
      );
    return tests.length || f.status !== 'failed'
      ? tests
      : [`${f.name.replace(process.cwd() + '/', '')}: ${firstLine(f.message)}`];
  });
}
function e2eFailures(file: string): string[] {
  if (!existsSync(file)) return [];
  const out: string[] = [];
  const walk = (suite: any, path: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected' || test.status === 'flaky')
          out.push(
            `${spec.file}:${spec.line} › ${[...path, spec.title].join(' › ')}: ${firstLine(test.results?.at(-1)?.error?.message)}`,
          );
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of JSON.parse(readFileSync(file, 'utf8')).suites ?? []) walk(suite, []);
  return out;
}

const failedRun = unit.status !== 0 || e2e.status !== 0 || !u || !p;
const passed = (u?.passed ?? 0) + (p?.passed ?? 0);
const failed = (u?.failed ?? 0) + (p?.failed ?? 0) + (failedRun && (u?.failed ?? 0) + (p?.failed ?? 0) === 0 ? 1 : 0);
const skipped = (u?.skipped ?? 0) + (p?.skipped ?? 0);
// The CI record keeps only the tail of the output, so the names of failed tests are repeated at the end.
console.log(
  `\n${timesReport(
    `${ARTIFACTS}/vitest.json`,
    `${ARTIFACTS}/playwright.json`,
    phasesOf(process.env.CI_PHASES, [
      ['unit and integration', unitSeconds],
      ['end to end', e2eSeconds],
    ]),
  )}`,
);
const failures = [...unitFailures(`${ARTIFACTS}/vitest.json`), ...e2eFailures(`${ARTIFACTS}/playwright.json`)];
if (failures.length) console.log(`\nfailed:\n${failures.map((f) => `  ✗ ${f}`).join('\n')}`);
console.log(`\nunit and integration: ${u ? `${u.passed} passed, ${u.failed} failed` : 'did not report'}`);
console.log(`end-to-end: ${p ? `${p.passed} passed, ${p.failed} failed` : 'did not report'}`);
console.log(`total: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failedRun ? 1 : 0);
