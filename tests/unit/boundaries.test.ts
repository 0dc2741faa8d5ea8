/**
 * Import boundaries of the house (issue 27), checked on resolved paths rather than on how an import is spelled:
 * 1. the shared layer, isomorphic/, imports neither server/ nor src/: both sides import it;
 * 2. server/ does not import the site, src/;
 * 3. the site does not import server/ (what both need lives in isomorphic/);
 * 4. an island folder, src/islands/A/, takes from another, src/islands/B/, only B/index.ts (the face B shows the
 *    others) or anything in src/islands/ui/ (the shared components).
 * Test files may cross 2 and 3: they drive the browser client against the server and check what the client makes
 * with the server's own code, and they ship in neither half. biome.jsonc says 1-3 again, for the editor; the
 * domain/HTTP rule inside server/ is server/layers.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(dirname(new URL(import.meta.url).pathname), '../..');
const SOURCE = /\.(ts|tsx|mjs|astro)$/;
const TEST = /\.test\.tsx?$/;

/** The rule an import from `from` of `to` (both relative to the root, resolved) breaks, or undefined. */
function crossing(from: string, to: string): string | undefined {
  const area = (path: string) => path.split('/')[0];
  if (area(from) === 'isomorphic' && (area(to) === 'server' || area(to) === 'src'))
    return '1: isomorphic/ imports neither server/ nor src/';
  if (!TEST.test(from) && area(from) === 'server' && area(to) === 'src') return '2: server/ does not import src/';
  if (!TEST.test(from) && area(from) === 'src' && area(to) === 'server') return '3: src/ does not import server/';
  const island = (path: string) => /^src\/islands\/([^/]+)\//.exec(path)?.[1];
  const [a, b] = [island(from), island(to)];
  if (a && b && a !== b && b !== 'ui' && to !== `src/islands/${b}/index.ts`) {
    return `4: another island is reached through its index.ts (src/islands/${b}/index.ts) or ui/`;
  }
  return undefined;
}

/** The relative modules a source file imports (static, re-exports, dynamic, side effect), resolved from the root. */
function importsOf(file: string, text: string): string[] {
  // An .astro file's imports are in its frontmatter, between the two `---` lines.
  const code = file.endsWith('.astro') ? (/^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '') : text;
  return ts
    .preProcessFile(code, true, true)
    .importedFiles.map((f) => f.fileName)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => posix.normalize(posix.join(posix.dirname(file), spec)));
}

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = posix.join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

describe('import boundaries', () => {
  it('the matcher names each rule it breaks and lets the rest through', () => {
    const cases: [string, string, string | undefined][] = [
      ['isomorphic/money/units.ts', 'server/core/core.ts', '1'],
      ['isomorphic/i18n/messages.test.ts', 'src/lib/i18n/messages.ts', '1'],
      ['isomorphic/money/units.ts', 'isomorphic/format/decimal.ts', undefined],
      ['server/feeds/stomp/stomp-session.ts', 'src/lib/feed/stomp.ts', '2'],
      ['server/feeds/webstomp/web-stomp.test.ts', 'src/lib/feed/stomp.ts', undefined],
      ['server/app.ts', 'isomorphic/contract/endpoints.ts', undefined],
      ['src/lib/defi/link.ts', 'server/defi/eth-sign.ts', '3'],
      ['src/pages/index.astro', 'server/main.ts', '3'],
      ['src/lib/defi/link.test.ts', 'server/defi/eth-sign.ts', undefined],
      ['src/islands/spot/TradePage.tsx', 'src/islands/wallet/parts.tsx', '4'],
      ['src/islands/admin/otc/AppealCases.tsx', 'src/islands/otc/parts.tsx', '4'],
      ['src/islands/spot/TradePage.tsx', 'src/islands/wallet/index.ts', undefined],
      ['src/islands/spot/TradePage.tsx', 'src/islands/ui/Dialog.tsx', undefined],
      ['src/islands/spot/TradePage.tsx', 'src/islands/spot/parts/OrderForm.tsx', undefined],
      ['src/pages/wallet.astro', 'src/islands/wallet/parts.tsx', undefined],
    ];
    expect(cases.map(([from, to]) => crossing(from, to)?.split(':')[0])).toEqual(cases.map(([, , rule]) => rule));
  });

  it('reads every kind of import, relative ones only, resolved from the root', () => {
    const text = [
      "import { a } from '../../../server/a.ts';",
      "export { b } from './b.ts';",
      "import './styles.css';",
      "const c = await import('../c.ts');",
      "import { d } from 'react';",
      "// import { e } from '../e.ts';",
      "const f = '../f.ts';",
    ].join('\n');
    expect(importsOf('src/lib/x/y.ts', text)).toEqual([
      'server/a.ts',
      'src/lib/x/b.ts',
      'src/lib/x/styles.css',
      'src/lib/c.ts',
    ]);
    expect(importsOf('src/pages/p.astro', "---\nimport W from '../islands/w/W.tsx';\n---\n<W client:load />")).toEqual([
      'src/islands/w/W.tsx',
    ]);
  });

  it('no import in the tree crosses a boundary the wrong way', () => {
    const offenders = ['isomorphic', 'server', 'src'].flatMap((dir) =>
      sources(dir).flatMap((file) =>
        importsOf(file, readFileSync(join(root, file), 'utf8')).flatMap((to) => {
          const rule = crossing(file, to);
          return rule ? [`${file} -> ${to} (rule ${rule})`] : [];
        }),
      ),
    );
    expect(offenders).toEqual([]);
  });
});
