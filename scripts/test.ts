/**
 * `npm test`: every unit and integration test (vitest), then the end-to-end journeys (Playwright in Chromium).
 * Both runs always happen; the last line counts every test, and the exit code is non-zero on any failure.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const ARTIFACTS = 'tests/.artifacts';
rmSync(`${ARTIFACTS}/vitest.json`, { force: true });
rmSync(`${ARTIFACTS}/playwright.json`, { force: true });
mkdirSync(ARTIFACTS, { recursive: true });

const unit = spawnSync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${ARTIFACTS}/vitest.json`], { stdio: 'inherit' });
const e2e = spawnSync(process.execPath, ['scripts/test-e2e.ts'], { stdio: 'inherit' });

function counts(file: string, read: (json: any) => { passed: number; failed: number; skipped: number }) {
  if (!existsSync(file)) return undefined;
  return read(JSON.parse(readFileSync(file, 'utf8')));
}
const u = counts(`${ARTIFACTS}/vitest.json`, (j) => ({ passed: j.numPassedTests, failed: j.numFailedTests, skipped: j.numPendingTests + j.numTodoTests }));
const p = counts(`${ARTIFACTS}/playwright.json`, (j) => ({ passed: j.stats.expected, failed: j.stats.unexpected + j.stats.flaky, skipped: j.stats.skipped }));

const failedRun = unit.status !== 0 || e2e.status !== 0 || !u || !p;
const passed = (u?.passed ?? 0) + (p?.passed ?? 0);
const failed = (u?.failed ?? 0) + (p?.failed ?? 0) + (failedRun && (u?.failed ?? 0) + (p?.failed ?? 0) === 0 ? 1 : 0);
const skipped = (u?.skipped ?? 0) + (p?.skipped ?? 0);
console.log(`\nunit and integration: ${u ? `${u.passed} passed, ${u.failed} failed` : 'did not report'}`);
console.log(`end-to-end: ${p ? `${p.passed} passed, ${p.failed} failed` : 'did not report'}`);
console.log(`total: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failedRun ? 1 : 0);
