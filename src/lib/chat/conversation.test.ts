import { describe, expect, it } from 'vitest';
import type { ChatLine } from '../../../isomorphic/contract/otc.ts';
import { authorOf, lineOfPush, mergeLines, nextPage } from './conversation.ts';
import { inboxRows } from './inbox.ts';

const line = (id: number, from = 7, name = 'alice'): ChatLine => ({
  id,
  chatId: 'order-1',
  blade_user_id: from,
  content_type: 1,
  content: `line ${id}`,
  create_time: 1000 + id,
  name,
});

describe('a conversation’s lines', () => {
  it('are each held once, oldest first, newest at the bottom', () => {
    const merged = mergeLines([line(3), line(4)], [line(1), line(2), line(3)]);
    expect(merged.map((l) => l.id)).toEqual([1, 2, 3, 4]);
  });

  it('page back 15 at a time from the newest, overlapping when pushed lines shifted the pages', () => {
    expect(nextPage(15, 15)).toBe(2);
    expect(nextPage(30, 15)).toBe(3);
    // 15 read plus 2 pushed: page 2 now starts 2 lines into what is held, which mergeLines drops.
    expect(nextPage(17, 15)).toBe(2);
    expect(nextPage(0, 15)).toBe(1);
  });

  it('take a pushed line of the same chat, named after the author’s earlier line', () => {
    const held = [line(1, 7, 'alice'), line(2, 9, 'bob')];
    expect(
      lineOfPush({ chatId: 'order-1', id: 3, from: 9, content: 'hi', contentType: 1, ts: 5 }, 'order-1', held),
    ).toEqual({
      id: 3,
      chatId: 'order-1',
      blade_user_id: 9,
      content_type: 1,
      content: 'hi',
      create_time: 5,
      name: 'bob',
    });
    expect(
      lineOfPush({ chatId: 'order-2', id: 3, from: 9, content: 'hi', contentType: 1, ts: 5 }, 'order-1', held),
    ).toBeNull();
    expect(lineOfPush({ from: 9, content: 'bare SEND', contentType: 1, ts: 5 }, 'order-1', held)).toBeNull();
  });

  it('say who wrote each line: the viewer, customer service (0), the system (-1) or the other side by name', () => {
    expect(authorOf(line(1, 7), 7)).toEqual({ kind: 'me' });
    expect(authorOf(line(1, 0), 7)).toEqual({ kind: 'service' });
    expect(authorOf(line(1, -1), 7)).toEqual({ kind: 'system' });
    expect(authorOf(line(1, 9, 'bob'), 7)).toEqual({ kind: 'other', name: 'bob' });
    // An operator answering in the inbox writes as customer service.
    expect(authorOf(line(1, 0), 0)).toEqual({ kind: 'me' });
  });
});

describe('the customer-service inbox', () => {
  it('lists unread conversations and those already opened here, newest line first', () => {
    const seen = [{ chatId: 'service-5', unread: 2, lastAt: 100, title: 'eve' }];
    const unread = [{ chatId: 'service-6', unread: 1, lastAt: 200, title: 'dan' }];
    expect(inboxRows(unread, seen)).toEqual([
      { chatId: 'service-6', unread: 1, lastAt: 200, title: 'dan' },
      { chatId: 'service-5', unread: 0, lastAt: 100, title: 'eve' },
    ]);
    expect(inboxRows([{ chatId: 'service-5', unread: 3, lastAt: 300, title: 'eve' }], seen)).toEqual([
      { chatId: 'service-5', unread: 3, lastAt: 300, title: 'eve' },
    ]);
  });
});
