import { describe, expect, it } from 'vitest';
import { tooWide } from '../../scripts/line-width.ts';
import { rewrapComments, WIDTH } from '../../scripts/rewrap-comments.ts';

const words = (n: number, word = 'word') => Array.from({ length: n }, () => word).join(' ');
const widest = (text: string) => Math.max(...text.split('\n').map((line) => line.length));

describe('rewrapComments', () => {
  it('refills a // run wider than the limit, keeping its indentation', () => {
    const text = `function f() {\n  // ${words(30)}\n  // ${words(3)}\n  return 1;\n}\n`;
    const out = rewrapComments('a.ts', text);
    expect(widest(out)).toBeLessThanOrEqual(WIDTH);
    expect(out).toContain('\n  return 1;\n}\n');
    expect(out.match(/^ {2}\/\/ /gm)).toHaveLength(2);
    expect(out.replace(/\s+\/\/ /g, ' ')).toContain(words(33));
  });

  it('turns a one-line /** */ into a block and keeps list items, tags and examples apart', () => {
    const one = `/** ${words(30)} */\nexport const a = 1;\n`;
    expect(rewrapComments('a.ts', one)).toBe(`/**\n * ${words(23)}\n * ${words(7)}\n */\nexport const a = 1;\n`);
    const block = [
      '/**',
      ` * - ${words(30)}`,
      ' *     ->(example) stays',
      ` * @param x ${words(2)}`,
      ' */',
      'f();',
    ].join('\n');
    const out = rewrapComments('a.ts', block).split('\n');
    expect(out.slice(1, 3)).toEqual([` * - ${words(23)}`, ` *   ${words(7)}`]);
    expect(out.slice(3)).toEqual([' *     ->(example) stays', ` * @param x ${words(2)}`, ' */', 'f();']);
  });

  it('never touches code, strings, JSX text, trailing comments, tables or directives', () => {
    const long = `// ${words(30)}`;
    const untouched = [
      `const s = '${long}';`,
      `const t = \`\n${long}\n\`;`,
      `const j = <p>\n${long}\n</p>;`,
      `f(); ${long}`,
      `// | a | b | ${words(30)}`,
      `// biome-ignore lint/x: ${words(30)}`,
      `//${words(30)}`,
    ];
    for (const text of untouched) expect(rewrapComments('a.tsx', text)).toBe(text);
  });

  it('does not split a word, and a second run changes nothing', () => {
    const url = `https://example.com/${'x'.repeat(130)}`;
    const out = rewrapComments('a.ts', `// see ${url} ${words(5)}\n`);
    expect(out).toBe(`// see\n// ${url}\n// ${words(5)}\n`);
    expect(rewrapComments('a.ts', out)).toBe(out);
  });
});

describe('tooWide', () => {
  it('lets a line through when one literal makes it wide, not when code does', () => {
    expect(tooWide('a.ts', `it('${words(30)}', () => {});`)).toEqual([]);
    expect(tooWide('a.ts', `const a = \`\${x} ${words(30)}\`;`)).toEqual([]);
    expect(tooWide('a.ts', `const a = [${Array.from({ length: 30 }, (_, i) => `v${i}`).join(', ')}];`)).toHaveLength(1);
  });
});
