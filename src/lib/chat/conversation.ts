import type { ChatMessage } from '../../../isomorphic/contract/private-feed.ts';
import type { ChatLine } from '../../../isomorphic/contract/otc.ts';

/** docs/requirements.md §3 blade_user_id of the lines that are not a user's. */
export const CUSTOMER_SERVICE_AUTHOR = 0;
export const SYSTEM_AUTHOR = -1;

/** Two sets of lines as one, each line once, oldest first (the panel shows the newest at the bottom). */
export function mergeLines(held: readonly ChatLine[], more: readonly ChatLine[]): ChatLine[] {
  const byId = new Map<number, ChatLine>();
  for (const line of [...held, ...more]) byId.set(line.id, line);
  return [...byId.values()].sort((a, b) => a.create_time - b.create_time || a.id - b.id);
}

/**
 * The page of chatRecords (newest page first) that holds the lines just older than the `held` newest ones. The
 * panel always holds a run of the newest lines, lines pushed since included, so counting them finds the next page;
 * when the count is not a whole number of pages, the page overlaps lines already held and mergeLines drops them.
 */
export function nextPage(held: number, size: number): number {
  return Math.floor(held / size) + 1;
}

/**
 * A pushed line of this chat as a line to show, or null for another chat's or a bare STOMP SEND (no id). The push
 * carries no name: it comes from an earlier line of the same author, and is settled when the page is read again.
 */
export function lineOfPush(m: ChatMessage, chatId: string, held: readonly ChatLine[]): ChatLine | null {
  if (m.chatId !== chatId || m.id === undefined) return null;
  const name = held.findLast((l) => l.blade_user_id === m.from)?.name ?? '';
  return {
    id: m.id,
    chatId,
    blade_user_id: m.from,
    content_type: m.contentType,
    content: m.content,
    create_time: m.ts,
    name,
  };
}

/** Who a line is from, as the panel labels it: the viewer, customer service, the system, or the other side by name. */
type Author = { kind: 'me' } | { kind: 'service' } | { kind: 'system' } | { kind: 'other'; name: string };

/**
 * `me` is the viewer's user id, or CUSTOMER_SERVICE_AUTHOR for an operator answering in the inbox (operators write
 * as customer service).
 */
export function authorOf(line: ChatLine, me: number): Author {
  if (line.blade_user_id === me) return { kind: 'me' };
  if (line.blade_user_id === CUSTOMER_SERVICE_AUTHOR) return { kind: 'service' };
  if (line.blade_user_id === SYSTEM_AUTHOR) return { kind: 'system' };
  return { kind: 'other', name: line.name };
}

/** The customer-service conversation of a user (otc.ts chatKey). */
export function serviceChatId(userId: number): string {
  return `service-${userId}`;
}
