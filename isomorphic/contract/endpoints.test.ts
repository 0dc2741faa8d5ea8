import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from './endpoints.ts';
import { schemaOf } from './schemas.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const SRC = join(ROOT, 'src');
const CONTRACT = resolve(import.meta.dirname);

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}
/** What the browser may load: the site's own files and the shared layer. */
const sourceFiles = [...filesUnder(SRC), ...filesUnder(join(ROOT, 'isomorphic'))].filter(
  (f) => /\.(ts|tsx|astro)$/.test(f) && !/\.test\.tsx?$/.test(f),
);

/**
 * The modules a file loads at run time: its imports and re-exports, leaving out `import type` and imports whose
 * every name is a type (which the bundler drops).
 */
function valueImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/^(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]/gms)) {
    const [, typeOnly, names, from] = m;
    if (typeOnly) continue;
    const specifiers = /\{([^}]*)\}/.exec(names!)?.[1];
    const onlyTypes =
      specifiers !== undefined &&
      !/^[^{]*\w[^{]*\{/.test(names!) &&
      specifiers.split(',').every((s) => !s.trim() || /^type\s/.test(s.trim()));
    if (!onlyTypes) found.push(from!);
  }
  for (const m of text.matchAll(/^import\s+['"]([^'"]+)['"]/gm)) found.push(m[1]!);
  return found;
}

/** Every module the browser loads with a file, as paths (relative imports) or package names. */
function loadedWith(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const from of valueImports(file)) {
    if (from.startsWith('.')) loadedWith(resolve(dirname(file), from), seen);
    else seen.add(from);
  }
  return seen;
}

describe('endpoint definitions', () => {
  it('name schemas that exist: every query, body and path check resolves to a zod schema', () => {
    expect(ENDPOINTS.length).toBeGreaterThan(60);
    for (const e of ENDPOINTS)
      for (const part of [e.query, e.body, e.params])
        if (part?.kind === 'schema') expect(schemaOf(part), `${e.path} ${part.name}`).toBeDefined();
  });

  it('are the only place an API path is written in browser code', () => {
    const literal = /['"`]\/(api|cgform-api|sys)\//;
    const offenders = sourceFiles
      .filter((f) => !f.startsWith(CONTRACT))
      .flatMap((f) =>
        readFileSync(f, 'utf8')
          .split('\n')
          .map((line, i) => [f, i, line] as const),
      )
      .filter(([, , line]) => literal.test(line))
      .map(([f, i, line]) => `${relative(ROOT, f)}:${i + 1}: ${line.trim()}`);
    expect(offenders).toEqual([]);
  });

  it('keep zod and the schemas out of the browser: the client and the endpoint modules load neither', () => {
    const browserSide = [
      join(SRC, 'lib/api/client.ts'),
      ...sourceFiles.filter((f) => f.startsWith(CONTRACT) && /endpoints?\.ts$/.test(f)),
    ];
    for (const file of browserSide) {
      const loaded = [...loadedWith(file)];
      expect(
        loaded.filter((m) => m === 'zod' || (m.startsWith(CONTRACT) && /\/(zod|schemas|integers)\.ts$/.test(m))),
        relative(ROOT, file),
      ).toEqual([]);
    }
  });

  it('keep zod out of every island', () => {
    const islands = sourceFiles.filter((f) => f.startsWith(join(SRC, 'islands')));
    expect(islands.length).toBeGreaterThan(10);
    const withZod = islands.filter((f) => loadedWith(f).has('zod'));
    expect(withZod.map((f) => relative(ROOT, f))).toEqual([]);
  });
});
