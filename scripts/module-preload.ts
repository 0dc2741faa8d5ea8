import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, posix } from 'node:path';

/**
 * Adds `<link rel="modulepreload">` for every module the page's `client:load` islands import statically, so the
 * browser asks for all of them at once when it reads the head instead of finding them one import level at a time
 * (each level costs a round trip: on a phone's network the trade screen's seven levels cost more than its bytes).
 * Islands that hydrate later (idle, visible) and dynamic imports (`import()`, a screen's lazy parts) are left out: they
 * must not compete with what the first screen needs. Runs on the built site (Astro's `astro:build:done`).
 */
export function preloadIslandModules(root: string): number {
  const imports = new Map<string, string[]>();
  const staticImports = (url: string): string[] => {
    let found = imports.get(url);
    if (!found) {
      const code = readFileSync(join(root, url), 'utf8');
      // `import{a}from"./x.js"` and `import"./x.js"` (static; `import("./x.js")` has a parenthesis and is skipped).
      found = [...code.matchAll(/(?:^|[;\s}])import\s*(?:[^"'`()]*?from\s*)?["'`]([^"'`]+\.js)["'`]/g)].map((m) =>
        posix.join(posix.dirname(url), m[1]!),
      );
      imports.set(url, found);
    }
    return found;
  };
  const closure = (entries: string[]): string[] => {
    const seen = new Set<string>();
    const visit = (url: string) => {
      if (seen.has(url)) return;
      seen.add(url);
      for (const next of staticImports(url)) visit(next);
    };
    for (const e of entries) visit(e);
    return [...seen];
  };

  let pages = 0;
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.html')) {
        const html = readFileSync(path, 'utf8');
        const entries = [...html.matchAll(/<astro-island\b[^>]*>/g)]
          .map((m) => m[0])
          .filter((tag) => / client="load"/.test(tag))
          .flatMap((tag) => [...tag.matchAll(/(?:component|renderer)-url="([^"]+)"/g)].map((m) => m[1]!));
        if (!entries.length || !html.includes('</head>')) continue;
        const links = closure([...new Set(entries)])
          .map((url) => `<link rel="modulepreload" href="${url}">`)
          .join('');
        writeFileSync(path, html.replace('</head>', `${links}</head>`));
        pages++;
      }
    }
  };
  walk(root);
  return pages;
}
