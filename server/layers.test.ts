import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('.', import.meta.url).pathname;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/**
 * The HTTP edge: the server itself, its http layer, routes, the site it serves, a cluster's edge process and the
 * core's side of the requests edges forward (it runs them through the routes). Everything else is domain.
 */
const isEdge = (file: string) => /^(http|site)\/|^cluster\/(edge|core-commands)\.ts$/.test(file) || /\.routes\.ts$|\.test\.ts$|^(app|main)\.ts$/.test(file);

describe('layers', () => {
  it('keeps domain code free of the HTTP edge: outcomes are values the edge maps to statuses and messages', () => {
    const offenders = files(root)
      .map((f) => relative(root, f))
      .filter((f) => !isEdge(f))
      .filter((f) => /from '(\.\.?\/)+(?:[\w-]+\/)*http\//.test(readFileSync(join(root, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
