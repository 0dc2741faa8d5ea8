/**
 * Rewraps comments whose lines are wider than WIDTH, which a formatter leaves alone. Only comments on lines of their
 * own are touched (a `//` run, or a `/* *\/` / `/** *\/` block with nothing after it), found by TypeScript's parser,
 * so code, strings, template literals and JSX text are never read as comments. Within a comment only a paragraph
 * with a line over WIDTH is refilled; blank lines, tables (`|`), fenced code, indented examples, directives
 * (`@ts-…`, `biome-ignore`, `///`) stay as they are, list items and JSDoc tags keep their hanging indent, and words
 * (URLs among them) are never split: a word longer than the line stays whole on a line of its own.
 */
import ts from 'typescript';

export const WIDTH = 120;

type Paragraph = { raw: string[]; lead?: string; hang?: string; words?: string[] };

const MARKER = /^(\s*)([-*+]|\d+[.)]|@\w+)(\s+)/;
const VERBATIM = /^\s*(\||```|@ts-|biome-ignore|eslint-|prettier-|\/)/;
// A refilled line must not begin with a word that would make it a list item, a JSDoc tag, a table row or a fence.
const NO_LINE_START = /^([-*+|]|\d+[.)]|@\w|```)/;

/** Greedy fill; a word that may not begin a line takes the word before it down with it. */
function fill(words: string[], lead: string, hang: string, width: number): string[] {
  const lines: string[][] = [[]];
  for (const word of words) {
    const line = lines.at(-1)!;
    const prefix = lines.length === 1 ? lead : hang;
    if (line.length > 0 && `${prefix}${[...line, word].join(' ')}`.length > width) {
      const carried = NO_LINE_START.test(word) && line.length > 1 ? [line.pop()!] : [];
      lines.push([...carried, word]);
    } else {
      line.push(word);
    }
  }
  return lines.map((line, i) => `${i === 0 ? lead : hang}${line.join(' ')}`);
}

/** Splits a comment's text lines (prefix removed) into paragraphs; `physical` is each one's full width. */
function paragraphs(content: string[]): Paragraph[] {
  const out: Paragraph[] = [];
  let open: Paragraph | undefined;
  let fenced = false;
  for (const line of content) {
    const indent = /^\s*/.exec(line)![0].length;
    const marker = MARKER.exec(line);
    const fence = line.trim().startsWith('```');
    if (fence) fenced = !fenced;
    const continues = open !== undefined && !marker && indent === (open.hang ?? open.lead!).length;
    // An indented line that continues no list item is an example (code, a message exchange): kept as written.
    if (fence || fenced || line.trim() === '' || VERBATIM.test(line) || (indent > 0 && !marker && !continues)) {
      out.push({ raw: [line] });
      open = undefined;
    } else if (marker) {
      const lead = marker[0];
      open = { raw: [line], lead, hang: ' '.repeat(lead.length), words: line.slice(lead.length).trim().split(/\s+/) };
      out.push(open);
    } else if (continues) {
      open!.raw.push(line);
      open!.words!.push(...line.trim().split(/\s+/));
    } else {
      const lead = ' '.repeat(indent);
      open = { raw: [line], lead, words: line.trim().split(/\s+/) };
      out.push(open);
    }
  }
  return out;
}

/** Refills the paragraphs that have a line wider than WIDTH once `prefix` is put before each line. */
function refill(content: string[], prefix: string): string[] {
  return paragraphs(content).flatMap((p) => {
    if (!p.words || p.raw.every((line) => `${prefix}${line}`.trimEnd().length <= WIDTH)) return p.raw;
    return fill(p.words, p.lead!, p.hang ?? p.lead!, WIDTH - prefix.length);
  });
}

const withPrefix = (prefix: string, lines: string[]) => lines.map((line) => `${prefix}${line}`.trimEnd());

/** Every comment that stands on lines of its own, in order, from the parse tree's trivia. */
function ownLineComments(file: string, text: string): ts.CommentRange[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const found = new Map<number, ts.CommentRange>();
  // Every comment is trivia before some token; a node made of others starts where its first token does, and one
  // that starts with JSX text would have that text scanned as trivia. A JSDoc node's children are inside its comment.
  const visit = (node: ts.Node) => {
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return;
    const children = node.getChildren(source);
    if (children.length > 0) children.forEach(visit);
    else if (node.kind !== ts.SyntaxKind.JsxText) {
      for (const range of ts.getLeadingCommentRanges(text, node.getFullStart()) ?? []) found.set(range.pos, range);
    }
  };
  visit(source);
  const lineStart = (pos: number) => text.lastIndexOf('\n', pos - 1) + 1;
  const lineEnd = (pos: number) => (text.indexOf('\n', pos) + 1 || text.length + 1) - 1;
  return [...found.values()]
    .filter((c) => text.slice(lineStart(c.pos), c.pos).trim() === '' && text.slice(c.end, lineEnd(c.end)).trim() === '')
    .sort((a, b) => a.pos - b.pos);
}

/** The replacement text of a block comment (starting at its first line's start), or undefined to leave it. */
function block(text: string, indent: string): string | undefined {
  const opener = text.startsWith('/**') ? '/**' : '/*';
  const lines = text.split('\n');
  if (lines.every((line, i) => (i === 0 ? indent : '').length + line.length <= WIDTH)) return undefined;
  let content: string[];
  if (lines.length === 1) {
    content = [text.slice(opener.length, -2).trim()];
  } else {
    const middle = lines.slice(1, -1);
    const last = lines.at(-1)!.trim();
    if (!middle.every((line) => /^\s*\*( |$)/.test(line)) || !last.endsWith('*/')) return undefined;
    const first = lines[0]!.slice(opener.length).trim();
    const tail = last
      .slice(0, -2)
      .replace(/^\*\s?/, '')
      .trimEnd();
    content = [
      ...(first ? [first] : []),
      ...middle.map((line) => line.replace(/^\s*\*( |$)/, '')),
      ...(tail ? [tail] : []),
    ];
  }
  return [`${indent}${opener}`, ...withPrefix(`${indent} * `, refill(content, `${indent} * `)), `${indent} */`].join(
    '\n',
  );
}

/** The file with its over-wide comments rewrapped (the same text when there are none). */
export function rewrapComments(file: string, text: string): string {
  const comments = ownLineComments(file, text);
  const edits: { from: number; to: number; text: string }[] = [];
  for (let i = 0; i < comments.length; i++) {
    const first = comments[i]!;
    const from = text.lastIndexOf('\n', first.pos - 1) + 1;
    const indent = text.slice(from, first.pos);
    if (first.kind === ts.SyntaxKind.MultiLineCommentTrivia) {
      const replaced = block(text.slice(first.pos, first.end), indent);
      if (replaced !== undefined) edits.push({ from, to: first.end, text: replaced });
      continue;
    }
    // A run of `// ` lines at the same indentation is one comment; `//x` and `///` are not prose and stay as they are.
    const prose = (c: ts.CommentRange | undefined) =>
      c?.kind === ts.SyntaxKind.SingleLineCommentTrivia && /^\/\/( |$)/.test(text.slice(c.pos, c.end));
    if (!prose(first)) continue;
    let last = first;
    while (prose(comments[i + 1]) && text.slice(last.end, comments[i + 1]!.pos) === `\n${indent}`)
      last = comments[++i]!;
    const lines = text.slice(first.pos, last.end).split(`\n${indent}`);
    if (lines.every((line) => indent.length + line.length <= WIDTH)) continue;
    const content = lines.map((line) => line.slice(3));
    edits.push({ from, to: last.end, text: withPrefix(`${indent}// `, refill(content, `${indent}// `)).join('\n') });
  }
  return edits.reduceRight((out, e) => out.slice(0, e.from) + e.text + out.slice(e.to), text);
}
