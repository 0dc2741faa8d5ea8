import { describe, expect, it } from 'vitest';
import { blocks, inlines } from './blocks.ts';

describe('inlines', () => {
  it.each<[string, Array<[string, boolean]>]>([
    ['plain', [['plain', false]]],
    [
      'a **b** c',
      [
        ['a ', false],
        ['b', true],
        [' c', false],
      ],
    ],
    ['**all**', [['all', true]]],
    ['an ** unmatched', [['an ** unmatched', false]]],
    ['<script>alert(1)</script>', [['<script>alert(1)</script>', false]]],
  ])('%j', (text, expected) => {
    expect(inlines(text).map((i) => [i.text, i.bold])).toEqual(expected);
  });
});

describe('blocks', () => {
  it('reads headings, paragraphs and lists', () => {
    const md =
      '## When\n\nOn **24 November**,\nfrom 02:00.\n\n- Trading pauses\n- Orders stay\n\n1. First\n2. Second\n\n### Small';
    expect(blocks(md)).toEqual([
      { type: 'heading', level: 2, content: [{ text: 'When', bold: false }] },
      {
        type: 'paragraph',
        content: [
          { text: 'On ', bold: false },
          { text: '24 November', bold: true },
          { text: ', from 02:00.', bold: false },
        ],
      },
      {
        type: 'list',
        ordered: false,
        items: [[{ text: 'Trading pauses', bold: false }], [{ text: 'Orders stay', bold: false }]],
      },
      { type: 'list', ordered: true, items: [[{ text: 'First', bold: false }], [{ text: 'Second', bold: false }]] },
      { type: 'heading', level: 3, content: [{ text: 'Small', bold: false }] },
    ]);
  });

  it('treats a heading followed by text in one chunk as a paragraph, and skips blank chunks', () => {
    expect(blocks('# Title\ntext\n\n\n   \n\nend').map((b) => b.type)).toEqual(['paragraph', 'paragraph']);
  });

  it('reads Windows line ends', () => {
    expect(blocks('a\r\n\r\nb')).toHaveLength(2);
  });
});
