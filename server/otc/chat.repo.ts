import { num, type Queryable, type Row } from '../storage/db.ts';
import { pageOf, type PageRequest } from '../storage/paging.ts';

export interface ChatLineRow {
  id: number;
  chatId: string;
  /** A user; 0 customer service (any operator); -1 the system. */
  authorId: number;
  contentType: 1 | 2;
  content: string;
  createdAt: number;
}

const lineOf = (r: Row): ChatLineRow => ({
  id: num(r.id),
  chatId: String(r.chat_id),
  authorId: num(r.author_id),
  contentType: num(r.content_type) === 2 ? 2 : 1,
  content: String(r.content),
  createdAt: num(r.created_at),
});

export async function insertLine(q: Queryable, l: Omit<ChatLineRow, 'id'>): Promise<ChatLineRow> {
  const r = await q.get<Row>(
    'INSERT INTO chat_lines (chat_id, author_id, content_type, content, created_at) VALUES (?, ?, ?, ?, ?) RETURNING *',
    [l.chatId, l.authorId, l.contentType, l.content, l.createdAt],
  );
  return lineOf(r!);
}

/** A chat's lines, newest first. */
export async function linePage(q: Queryable, chatId: string, page: PageRequest) {
  const res = await pageOf<Row>(
    q,
    { select: '*', from: 'FROM chat_lines WHERE chat_id = ?', order: 'id DESC', params: [chatId] },
    page,
  );
  return { total: res.total, rows: res.rows.map(lineOf) };
}

/** Marks everything in the chat read for a reader (operators read customer service as reader 0). */
export async function markRead(q: Queryable, chatId: string, readerId: number): Promise<void> {
  await q.run(
    `INSERT INTO chat_reads (chat_id, reader_id, last_id) SELECT ?, ?, COALESCE(MAX(id), 0) FROM chat_lines WHERE chat_id = ?
     ON CONFLICT (chat_id, reader_id) DO UPDATE SET last_id = excluded.last_id`,
    [chatId, readerId, chatId],
  );
}

const UNREAD = `SELECT COUNT(*) AS n FROM chat_lines l WHERE l.chat_id = ? AND l.author_id <> ?
  AND l.id > COALESCE((SELECT last_id FROM chat_reads r WHERE r.chat_id = l.chat_id AND r.reader_id = ?), 0)`;

/** Lines someone else wrote since the reader last read the chat. */
export async function unreadOf(q: Queryable, chatId: string, readerId: number): Promise<number> {
  return num((await q.get<{ n: unknown }>(UNREAD, [chatId, readerId, readerId]))?.n);
}

/**
 * The chats a reader has unread lines in, among `chatIds` (a user's order chats and their customer-service chat) or,
 * for the operators' inbox (`chatIds` null, reader 0), every customer-service chat with a line, newest first.
 */
export async function unreadChats(
  q: Queryable,
  readerId: number,
  chatIds: readonly string[] | null,
): Promise<Array<{ chatId: string; unread: number; lastAt: number }>> {
  const among =
    chatIds === null
      ? "l.chat_id LIKE 'service-%'"
      : chatIds.length
        ? `l.chat_id IN (${chatIds.map(() => '?').join(', ')})`
        : '1 = 0';
  const rows = await q.all<Row>(
    `SELECT l.chat_id,
            SUM(CASE WHEN l.author_id <> ? AND l.id > COALESCE(r.last_id, 0) THEN 1 ELSE 0 END) AS unread,
            MAX(l.created_at) AS last_at
       FROM chat_lines l LEFT JOIN chat_reads r ON r.chat_id = l.chat_id AND r.reader_id = ?
      WHERE ${among} GROUP BY l.chat_id ORDER BY MAX(l.id) DESC LIMIT 200`,
    [readerId, readerId, ...(chatIds ?? [])],
  );
  return rows.map((r) => ({ chatId: String(r.chat_id), unread: num(r.unread), lastAt: num(r.last_at) }));
}

/** The order chats of a user: every order they are a side of. */
export async function orderChatIds(q: Queryable, userId: number): Promise<string[]> {
  const rows = await q.all<{ id: unknown }>(
    'SELECT id FROM otc_orders WHERE buyer_id = ? OR seller_id = ? ORDER BY id DESC LIMIT 500',
    [userId, userId],
  );
  return rows.map((r) => `order-${num(r.id)}`);
}
