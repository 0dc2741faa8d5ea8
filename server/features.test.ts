import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FEATURES, MIGRATIONS } from './features.ts';

const root = new URL('.', import.meta.url).pathname;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** The modules a file loads when it loads: relative imports and re-exports, leaving out `import type` (erased). */
function valueImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^;'"]*?\s+from\s+)?'(\.[^']+)'/gm)]
    .filter((m) => !m[1])
    .map((m) => resolve(dirname(file), m[2]!))
    .filter((path) => existsSync(path));
}

describe('the features registry', () => {
  it('numbers every migration once, with no gap', () => {
    const versions = MIGRATIONS.map((m) => m.version).sort((a, b) => a - b);
    expect(versions).toEqual(versions.map((_, i) => i + 1));
  });

  it('keeps the storage layer free of features: nothing under server/storage imports from another folder', () => {
    const dir = new URL('./storage/', import.meta.url);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const imports = [...readFileSync(new URL(file, dir), 'utf8').matchAll(/from '(\.\.\/[^']+)'/g)].map((m) => m[1]);
      expect(imports, file).toEqual([]);
    }
  });

  it('plugs in every routes file through the list: each function a *.routes.ts exports is a feature’s routes or install', async () => {
    const listed = new Set(FEATURES.flatMap((f) => [f.routes, f.install, f.start]).filter(Boolean));
    const routesFiles = files(root).filter((f) => f.endsWith('.routes.ts'));
    expect(routesFiles.length).toBeGreaterThan(5);
    for (const file of routesFiles) {
      const exported = Object.entries((await import(file)) as Record<string, unknown>).filter(
        ([, v]) => typeof v === 'function',
      );
      expect(exported.length, relative(root, file)).toBeGreaterThan(0);
      for (const [name, fn] of exported) expect(listed.has(fn as never), `${relative(root, file)}: ${name}`).toBe(true);
    }
  });

  it('loads without a circle: nothing server/features.ts loads loads it back', () => {
    const registry = join(root, 'features.ts');
    const seen = new Set<string>();
    const todo = valueImports(registry);
    const circles: string[] = [];
    while (todo.length) {
      const file = todo.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      const imports = valueImports(file);
      if (imports.includes(registry)) circles.push(relative(root, file));
      todo.push(...imports);
    }
    expect(seen.size).toBeGreaterThan(20);
    expect(circles).toEqual([]);
  });
});
