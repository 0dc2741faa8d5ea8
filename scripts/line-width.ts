/**
 * The line-width rule of `npm run check`: no line of a .ts, .tsx or .mjs file (tracked or new, not ignored) is
 * wider than WIDTH. The formatter wraps code and scripts/format.ts wraps comments; neither may break a string, so a
 * line is let through when one literal on it (a string, a template literal, JSX text) is what makes it too wide:
 * without that literal's text it would fit. Breaking such a string by hand is a choice for whoever edits it.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { WIDTH } from './rewrap-comments.ts';

export { WIDTH };

export type LongLine = { file: string; line: number; text: string };

/**
 * Comment lines that quote an example whole (a message exchange, a call and its result), which the rewrap keeps as
 * written: file and the start of the line's text. Wrapping one by hand lets its entry go; an entry that matches no
 * wide line fails the check, so the list cannot go stale.
 */
export const ALLOWED: readonly [file: string, start: string][] = [
  ['isomorphic/contract/private-feed.ts', ' *   → { "event": "auth"'],
  ['isomorphic/contract/private-feed.ts', ' *   ← { "event": "OWNCOIN"'],
  ['server/content/frontmatter.ts', " *   parseFrontmatter('---"],
  ['server/matching/engine.ts', " *   engine.apply({ type: 'place'"],
];

const LITERALS = new Set([
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  // A template literal whole, substitutions too: the formatter leaves what is between the backticks as it is.
  ts.SyntaxKind.TemplateExpression,
  ts.SyntaxKind.JsxText,
  ts.SyntaxKind.RegularExpressionLiteral,
]);

/** The source files the rule covers, from git (so dist/, data/ and node_modules are never read). */
export function sourceFiles(): string[] {
  const out = execFileSync('git', [
    'ls-files',
    '-z',
    '--cached',
    '--others',
    '--exclude-standard',
    '*.ts',
    '*.tsx',
    '*.mjs',
  ]);
  return out.toString().split('\0').filter(Boolean);
}

/** [start, end) of every literal in the file. */
function literals(file: string, text: string): [number, number][] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const found: [number, number][] = [];
  const visit = (node: ts.Node) => {
    if (LITERALS.has(node.kind)) found.push([node.getStart(source), node.end]);
    node.forEachChild(visit);
  };
  visit(source);
  return found;
}

/** The lines wider than WIDTH that no single literal accounts for. */
export function tooWide(file: string, text: string): LongLine[] {
  const lines = text.split('\n');
  if (lines.every((line) => line.length <= WIDTH)) return [];
  const ranges = literals(file, text);
  let start = 0;
  return lines.flatMap((line, i) => {
    const [from, to] = [start, start + line.length];
    start = to + 1;
    if (line.length <= WIDTH) return [];
    const longest = Math.max(0, ...ranges.map(([a, b]) => Math.min(b, to) - Math.max(a, from)));
    return line.length - longest > WIDTH ? [{ file, line: i + 1, text: line }] : [];
  });
}

export const longLines = (files: string[]) => files.flatMap((file) => tooWide(file, readFileSync(file, 'utf8')));

/** The check's findings: the wide lines ALLOWED does not name, and the ALLOWED entries that name none. */
export function lineWidthProblems(files: string[]): string[] {
  const wide = longLines(files);
  const allowed = (l: LongLine) => ALLOWED.some(([file, start]) => l.file === file && l.text.startsWith(start));
  const stale = ALLOWED.filter(([file, start]) => !wide.some((l) => l.file === file && l.text.startsWith(start)));
  return [
    ...wide.filter((l) => !allowed(l)).map((l) => `${l.file}:${l.line}: ${l.text.length} columns, over ${WIDTH}`),
    ...stale.map(
      ([file, start]) => `${file}: the allowed wide line "${start.trim()}…" is no longer there: drop it from ALLOWED`,
    ),
  ];
}
