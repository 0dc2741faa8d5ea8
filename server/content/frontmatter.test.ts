import { describe, expect, it } from 'vitest';
import { parseFrontmatter } from './frontmatter.ts';

describe('parseFrontmatter', () => {
  it('reads quoted strings, numbers, booleans, dates and the body', () => {
    const src =
      '---\nid: 3\npid: 0\ntitle: "Fees: how \\"they\\" work"\nsummary: \'It\'\'s simple\'\ndate: "2026-03-01"\nday: 2026-03-02\ndraft: false\n---\n\n## Heading\n\nText.\n';
    expect(parseFrontmatter(src)).toEqual({
      data: {
        id: 3,
        pid: 0,
        title: 'Fees: how "they" work',
        summary: "It's simple",
        date: '2026-03-01',
        day: '2026-03-02',
        draft: false,
      },
      body: '## Heading\n\nText.',
    });
  });

  it('keeps non-Latin text and colons inside quotes', () => {
    expect(parseFrontmatter('---\ntitle: "充值：如何操作"\n---\n正文').data.title).toBe('充值：如何操作');
  });

  it('accepts Windows line ends, a BOM, comments and an empty body', () => {
    expect(parseFrontmatter('\uFEFF---\r\nid: 1\r\n# note\r\n---\r\n')).toEqual({ data: { id: 1 }, body: '' });
  });

  it.each([
    ['no frontmatter', 'Just text'],
    ['an unclosed block', '---\nid: 1\nbody'],
    ['a line that is not key: value', '---\nid 1\n---\n'],
    ['an unterminated string', '---\ntitle: "open\n---\n'],
    ['an unterminated single-quoted string', "---\ntitle: 'open\n---\n"],
  ])('refuses %s', (_label, src) => {
    expect(() => parseFrontmatter(src)).toThrow(/frontmatter/);
  });
});
