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
const isEdge = (file: string) =>
  /^(http|site)\/|^cluster\/(edge|core-commands)\.ts$/.test(file) ||
  /\.routes\.ts$|\.test\.ts$|^(app|main)\.ts$/.test(file);

/**
 * A string literal that opens with an SQL statement or clause, as the code spells its queries: `'SELECT …`, `` `FROM …
 * ``.
 */
const SQL_LITERAL =
  /['`"](?:SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM|CREATE (?:UNIQUE )?(?:TABLE|INDEX)|ALTER TABLE|DROP TABLE|FROM \w+|WHERE \w+) /;

/** Where SQL belongs: repositories, the storage layer, migrations, and the seed data written at install. */
const holdsSql = (file: string) => /\.repo\.ts$|^storage\/|migrations?\.ts$|(^|\/)seed\.ts$/.test(file);

/**
 * Files that still hold SQL outside a repository, to be moved into one (the core's projector and the ledger's
 * account reads). The list may only shrink: a file that no longer holds SQL must leave it.
 */
const SQL_NOT_YET_IN_REPOSITORIES = ['core/projector.ts', 'ledger/ledger.ts'];

const sources = () =>
  files(root)
    .map((f) => relative(root, f))
    .filter((f) => !f.endsWith('.test.ts'));
const text = (f: string) => readFileSync(join(root, f), 'utf8');

describe('layers', () => {
  it('keeps domain code free of the HTTP edge: outcomes are values the edge maps to statuses and messages', () => {
    const offenders = files(root)
      .map((f) => relative(root, f))
      .filter((f) => !isEdge(f))
      .filter((f) => /from '(\.\.?\/)+(?:[\w-]+\/)*http\//.test(readFileSync(join(root, f), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('has routes call services, never a repository: a route validates and delegates', () => {
    const offenders = sources()
      .filter((f) => f.endsWith('.routes.ts'))
      .filter((f) => /from '[^']*\.repo\.ts'/.test(text(f)));
    expect(offenders).toEqual([]);
  });

  it('keeps SQL in repositories (and storage, migrations, seed data)', () => {
    const withSql = sources().filter((f) => SQL_LITERAL.test(text(f)));
    expect(withSql.filter((f) => !holdsSql(f) && !SQL_NOT_YET_IN_REPOSITORIES.includes(f))).toEqual([]);
    expect(SQL_NOT_YET_IN_REPOSITORIES.filter((f) => !withSql.includes(f))).toEqual([]);
  });
});
