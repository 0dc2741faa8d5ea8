import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The client store pattern, checked on the source: state lives in store modules under src/lib, which export it
 * read-only with plain actions that change it; islands subscribe and call actions, and never talk to the API
 * themselves. A failure names each file that breaks the rule.
 */
const SRC = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** Files under `dir` (relative to src) whose text matches `rule`, with the first matching line. */
function offenders(dir: string, rule: RegExp): string[] {
  return sources(join(SRC, dir)).flatMap((file) => {
    const line = readFileSync(file, 'utf8')
      .split('\n')
      .find((l) => rule.test(l));
    return line === undefined ? [] : [`${relative(SRC, file)}: ${line.trim()}`];
  });
}

describe('the client store pattern', () => {
  it('no module in src/lib exports a store that callers could set', () => {
    // An exported atom/map/persistent store made in place, or anything exported with a writable store type.
    const writable =
      /^export\s+(const|let|var)\s+\$?\w+\s*(:[^=]*)?=\s*(atom|map|persistentAtom|persistentMap)\s*[<(]|^export\b.*\b(WritableAtom|PreinitializedWritableAtom|MapStore)\b/;
    expect(offenders('lib', writable)).toEqual([]);
  });

  it('no island imports the API client', () => {
    expect(offenders('islands', /from\s+['"][^'"]*lib\/api\/client(\.ts)?['"]/)).toEqual([]);
  });

  it('islands subscribe through src/lib/stores/first-frame.ts, which hydrates with the value the page was built with', () => {
    expect(offenders('islands', /from\s+['"]@nanostores\/react['"]/)).toEqual([]);
  });

  it('no island calls fetch itself', () => {
    expect(offenders('islands', /(^|[^\w.])fetch\(/)).toEqual([]);
  });
});
