import type { ChatLine, ChatUnread, SendChatBody } from '../../isomorphic/contract/otc.ts';
import type { ChatMessage } from '../../isomorphic/contract/private-feed.ts';
import type { Bus } from '../bus/bus.ts';
import { userTopics } from '../feeds/topics.ts';
import { fail } from '../outcome.ts';
import type { UserRow } from '../user/user.repo.ts';
import { nicknames, operatorIds } from '../user/user.repo.ts';
import { grantUpload } from '../wallet/uploads.repo.ts';
import { requireOwnUpload } from '../wallet/uploads.ts';
import { insertLine, linePage, markRead, orderChatIds, unreadChats, type ChatLineRow } from './chat.repo.ts';
import { orderOf, type OtcDeps } from './otc.service.ts';

interface ChatDeps extends OtcDeps {
  bus: Bus;
}

/** Customer service writes as 0 (whichever operator), the system as -1 (docs/requirements.md §3 blade_user_id). */
const SERVICE_AUTHOR = 0;
export const SYSTEM_AUTHOR = -1;
const uploadPath = (id: string) => `/api/common/upload/file/${id}`;

/** Who takes part in a chat, and as whom the caller writes and reads in it. */
interface Seat {
  /** The users the chat's lines are pushed to and images are shown to (operators see every upload anyway). */
  members: number[];
  /** The caller's author id: their own, or 0 for an operator. */
  as: number;
}

async function seatOf(d: ChatDeps, user: UserRow, chatId: string): Promise<Seat> {
  const [kind, idText] = chatId.split('-') as ['order' | 'service', string];
  const id = Number(idText);
  const operator = user.role === 'operator';
  if (kind === 'service') {
    if (user.id !== id && !operator) fail('chatUnknown');
    return { members: [id], as: user.id === id ? id : SERVICE_AUTHOR };
  }
  const o = await orderOf(d, null, id).catch(() => fail('chatUnknown'));
  const side = o.buyerId === user.id || o.sellerId === user.id;
  if (!side && !operator) fail('chatUnknown');
  return { members: [o.buyerId, o.sellerId], as: side ? user.id : SERVICE_AUTHOR };
}

async function lineViews(d: ChatDeps, rows: readonly ChatLineRow[]): Promise<ChatLine[]> {
  const names = await nicknames(
    d.db,
    rows.map((r) => r.authorId).filter((a) => a > 0),
  );
  return rows.map((r) => ({
    id: r.id,
    chatId: r.chatId,
    blade_user_id: r.authorId,
    content_type: r.contentType,
    content: r.contentType === 2 ? uploadPath(r.content) : r.content,
    create_time: r.createdAt,
    name: r.authorId > 0 ? (names.get(r.authorId) ?? '') : r.authorId === SERVICE_AUTHOR ? 'service' : 'system',
  }));
}

/** Stores a line and pushes it on the chat topic of every member and, for customer service, of every operator. */
export async function send(d: ChatDeps, user: UserRow, body: SendChatBody): Promise<ChatLine> {
  const seat = await seatOf(d, user, body.chatId);
  if (body.contentType === 2) await requireOwnUpload(d.db, user.id, body.content);
  const row = await insertLine(d.db, {
    chatId: body.chatId,
    authorId: seat.as,
    contentType: body.contentType,
    content: body.content,
    createdAt: d.now(),
  });
  if (body.contentType === 2)
    await grantUpload(
      d.db,
      body.content,
      seat.members.filter((m) => m !== user.id),
    );
  const [line] = await lineViews(d, [row]);
  const message: ChatMessage = {
    chatId: row.chatId,
    id: row.id,
    content: line!.content,
    contentType: row.contentType,
    from: row.authorId,
    ts: row.createdAt,
  };
  const to = new Set([...seat.members, ...(await operatorIds(d.db))]);
  for (const userId of to) d.bus.publish(userTopics.chat(userId), message);
  return line!;
}

/** A page of lines, newest first; reading marks the chat read for the caller (operators read as one). */
export async function records(d: ChatDeps, user: UserRow, chatId: string, page: { current: number; size: number }) {
  const seat = await seatOf(d, user, chatId);
  const { total, rows } = await linePage(d.db, chatId, { page: page.current, size: page.size });
  await markRead(d.db, chatId, seat.as);
  return { total, page: page.current, size: page.size, records: await lineViews(d, rows) };
}

/** A user's chats with unread lines; an operator's customer-service inbox (every conversation, unread or not). */
export async function unread(d: ChatDeps, user: UserRow): Promise<ChatUnread[]> {
  if (user.role === 'operator') {
    const chats = await unreadChats(d.db, SERVICE_AUTHOR, null);
    const names = await nicknames(
      d.db,
      chats.map((c) => Number(c.chatId.slice('service-'.length))),
    );
    return chats.map((c) => ({ ...c, title: names.get(Number(c.chatId.slice('service-'.length))) ?? '' }));
  }
  const chats = await unreadChats(d.db, user.id, [`service-${user.id}`, ...(await orderChatIds(d.db, user.id))]);
  return chats
    .filter((c) => c.unread > 0)
    .map((c) => ({ ...c, title: c.chatId.startsWith('service-') ? 'service' : c.chatId }));
}
