import { describe, expect, it } from 'vitest';
import { normalize, plainText, score, search, snippet, terms, type SearchDoc } from './search.ts';

const doc = (over: Partial<SearchDoc>): SearchDoc => ({
  kind: 'news',
  id: 1,
  title: '',
  summary: '',
  text: '',
  path: '/news/detail/1',
  date: '2026-01-01',
  ...over,
});

describe('normalize', () => {
  it.each<[string, string]>([
    ['Dépôt', 'depot'],
    ['ÉTÉ', 'ete'],
    ['Įmoka', 'imoka'],
    ['Ｂｔｃ', 'btc'],
    ['Пополнение', 'пополнение'],
    ['充值', '充值'],
    ['การฝากเงิน', 'การฝากเงิน'],
  ])('%j → %j', (input, expected) => {
    expect(normalize(input)).toBe(expected);
  });
});

describe('terms', () => {
  it.each<[string, string[]]>([
    ['  BTC  deposit ', ['btc', 'deposit']],
    ['充值，手续费', ['充值', '手续费']],
    ['', []],
    ['   ', []],
    ['a b c d e f g h i j', ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']],
  ])('%j → %j', (query, expected) => {
    expect(terms(query)).toEqual(expected);
  });
});

describe('plainText', () => {
  it.each<[string, string]>([
    ['## Fees\n\n* **0.1%** per [spot](/rule/index) trade', 'Fees 0.1% per spot trade'],
    ['1. First\n2. Second', 'First Second'],
    ['| Level | Fee |\n|---|---|\n| VIP 0 | 0.1% |', 'Level Fee VIP 0 0.1%'],
    ['> quoted `code`', 'quoted code'],
    ['Text with <b>html</b> and ![img](a.png)', 'Text with html and'],
    ['Open **Assets** and choose **Withdraw**.', 'Open Assets and choose Withdraw.'],
  ])('%j', (md, expected) => {
    expect(plainText(md)).toBe(expected);
  });
});

describe('score and search', () => {
  const docs = [
    doc({
      id: 1,
      title: 'How to deposit',
      summary: 'Crypto deposits',
      text: 'Send USDT to your address.',
      date: '2026-01-02',
    }),
    doc({
      id: 2,
      title: 'Fees',
      summary: 'What trading costs',
      text: 'A deposit is free; spot trades cost 0.1%.',
      date: '2026-01-03',
    }),
    doc({ id: 3, title: '充值指南', summary: '如何充值', text: '向您的地址发送 USDT。', date: '2026-01-01' }),
  ];

  it('ranks title matches above body matches', () => {
    expect(search(docs, 'deposit').map((h) => h.doc.id)).toEqual([1, 2]);
  });
  it('needs every term', () => {
    expect(search(docs, 'deposit usdt').map((h) => h.doc.id)).toEqual([1]);
    expect(search(docs, 'deposit bitcoin')).toEqual([]);
  });
  it('finds Chinese by substring', () => {
    expect(search(docs, '充值').map((h) => h.doc.id)).toEqual([3]);
  });
  it('ignores case and accents', () => {
    expect(search(docs, 'FÉES').map((h) => h.doc.id)).toEqual([2]);
  });
  it('returns nothing for an empty query and honours the limit', () => {
    expect(search(docs, '  ')).toEqual([]);
    expect(search(docs, 'usdt', 1)).toHaveLength(1);
  });
  it('orders equal scores newest first', () => {
    const same = [doc({ id: 7, title: 'x', date: '2026-01-01' }), doc({ id: 8, title: 'x', date: '2026-02-01' })];
    expect(search(same, 'x').map((h) => h.doc.id)).toEqual([8, 7]);
  });
  it('scores zero without terms', () => {
    expect(score(docs[0]!, [])).toBe(0);
  });
});

describe('snippet', () => {
  const long = doc({ summary: 'Summary', text: `${'a '.repeat(100)}needle ${'b '.repeat(100)}` });
  it('shows the text around the match with ellipses', () => {
    const s = snippet(long, ['needle'], 40);
    expect(s).toContain('needle');
    expect(s.startsWith('…')).toBe(true);
    expect(s.endsWith('…')).toBe(true);
  });
  it('starts at a word boundary where words are spaced', () => {
    const s = snippet(doc({ text: `${'word '.repeat(40)}needle and more` }), ['needle'], 40);
    expect(s).toMatch(/^…word /);
  });
  it('falls back to the summary when the text does not hold a term', () => {
    expect(snippet(long, ['zebra'])).toBe('Summary');
  });
});
