/**
 * Where the test time goes: the slowest files of vitest and of Playwright, read from their JSON reports, and the
 * wall time of every phase. `npm test` prints it at its end; `.ci/run` adds its install and type-check phases
 * through CI_PHASES ("install=41,type check=95", seconds), so every run shows the whole of CI.
 */
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

export type FileTime = { file: string; seconds: number; tests: number };

/** vitest's JSON report: each file from the start of its collection to its last test. */
export function vitestFileTimes(report: string): FileTime[] {
  if (!existsSync(report)) return [];
  const json = JSON.parse(readFileSync(report, 'utf8'));
  return json.testResults.map((f: any) => ({
    file: relative(process.cwd(), f.name),
    seconds: (f.endTime - f.startTime) / 1000,
    tests: f.assertionResults.length,
  }));
}

/**
 * Playwright's JSON report: each file's tests one after another, as its worker runs them (a file's beforeAll, such as
 * starting its own server, counts in its first test).
 */
export function playwrightFileTimes(report: string): FileTime[] {
  if (!existsSync(report)) return [];
  const byFile = new Map<string, FileTime>();
  const walk = (suite: any) => {
    for (const spec of suite.specs ?? []) {
      const entry = byFile.get(spec.file) ?? { file: `tests/e2e/${spec.file}`, seconds: 0, tests: 0 };
      for (const test of spec.tests ?? []) {
        entry.tests += 1;
        for (const result of test.results ?? []) entry.seconds += (result.duration ?? 0) / 1000;
      }
      byFile.set(spec.file, entry);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of JSON.parse(readFileSync(report, 'utf8')).suites ?? []) walk(suite);
  return [...byFile.values()];
}

function table(title: string, files: FileTime[], count: number): string[] {
  if (!files.length) return [`${title}: no report`];
  const slowest = [...files].sort((a, b) => b.seconds - a.seconds).slice(0, count);
  const width = Math.max(...slowest.map((f) => f.file.length));
  const total = files.reduce((sum, f) => sum + f.seconds, 0);
  return [
    `${title}: the ${slowest.length} slowest of ${files.length} files (${total.toFixed(0)} s of file time in all)`,
    ...slowest.map((f) => `  ${f.seconds.toFixed(1).padStart(6)} s  ${f.file.padEnd(width)}  ${f.tests} tests`),
  ];
}

/** `CI_PHASES` ("install=41,type check=95") and the phases of this run, in order. */
export function phasesOf(env: string | undefined, own: Array<[string, number]>): Array<[string, number]> {
  const given = (env ?? '')
    .split(',')
    .filter(Boolean)
    .map((part) => {
      const [name, seconds] = part.split('=');
      return [name!.trim(), Number(seconds)] as [string, number];
    });
  return [...given.filter(([, s]) => Number.isFinite(s)), ...own];
}

export function timesReport(
  vitestReport: string,
  playwrightReport: string,
  phases: Array<[string, number]>,
  count = 15,
): string {
  const total = phases.reduce((sum, [, s]) => sum + s, 0);
  return [
    ...table('unit and integration (vitest)', vitestFileTimes(vitestReport), count),
    ...table('end to end (Playwright)', playwrightFileTimes(playwrightReport), count),
    'phases (wall time):',
    ...phases.map(([name, s]) => `  ${name.padEnd(22)} ${(s / 60).toFixed(1).padStart(5)} min  (${s.toFixed(0)} s)`),
    `  ${'total'.padEnd(22)} ${(total / 60).toFixed(1).padStart(5)} min`,
  ].join('\n');
}
