import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');

/**
 * A repository path named in prose (`server/core/projector.ts`, `docs/architecture.md`): top-level folder first,
 * not preceded by a path character (so `../server/x` imports and URLs are left to the compiler and links).
 */
const MENTION =
  /(?<![\w./@-])((?:server|src|isomorphic|tests|scripts|docs)\/(?:[\w.-]|\/|\[[\w.]+\])*(?:\w|\[[\w.]+\]))/g;

/** What a test or a run writes, and so may not exist in a clone: named on purpose, never a stale mention. */
const GENERATED = /^tests\/\.artifacts(\/|$)/;

function staleMentions(text: string, exists: (path: string) => boolean): string[] {
  return [...text.matchAll(MENTION)]
    .map((m) => m[1]!)
    .filter((p) => !/[*{]/.test(p) && !GENERATED.test(p) && !exists(p));
}

describe('mentions of files', () => {
  it('finds a path that names nothing, and lets a real one and a generated one be', () => {
    // Spelled in pieces, so that this file does not name a missing file itself.
    const gone = ['server', 'gone.ts'].join('/');
    const exists = (p: string) => p === 'server/app.ts' || p === 'src/pages/[...lang]';
    expect(staleMentions(`see server/app.ts and ${gone}, tests/.artifacts/x.png`, exists)).toEqual([gone]);
    expect(staleMentions(`[link](server/app.ts), src/pages/[...lang]`, exists)).toEqual([]);
    expect(staleMentions(`import '../${gone}'`, exists)).toEqual([]);
  });

  it('name only files and folders that exist, in every comment and page of the repository', () => {
    const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      // Test files are left out: their made-up paths are fixtures (a boundary test's `src/islands/A/x.tsx`).
      .filter((f) => /\.(ts|tsx|mjs|astro|md|css)$/.test(f) && !/\.test\.tsx?$/.test(f) && existsSync(join(root, f)));
    const stale = files.flatMap((f) =>
      readFileSync(join(root, f), 'utf8')
        .split('\n')
        .flatMap((line, i) => staleMentions(line, (p) => existsSync(join(root, p))).map((p) => `${f}:${i + 1}: ${p}`)),
    );
    expect(stale).toEqual([]);
  });
});
