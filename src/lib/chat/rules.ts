import { CHAT_MAX_CHARS } from '../../../isomorphic/contract/private-feed.ts';

/**
 * The chat composer's rules (docs/requirements.md §5): a message with no character other than spaces is refused
 * ("cannot be empty"), at most 400 characters with a counter, sending is off while empty or while a text send is under
 * way, Enter sends and Ctrl+Enter starts a new line. The server checks the same (sendChatBody); these give the answer
 * before a round trip.
 */

/**
 * Characters as the counter and the 400 limit count them: UTF-16 units, as sendChatBody's check (and a textarea) does.
 */
export function chatLength(text: string): number {
  return text.length;
}

/** Why a text cannot be sent, as a dictionary key; null when it can. */
export function chatTextError(text: string): 'validation.chatEmpty' | 'validation.chatTooLong' | null {
  if (text.trim() === '') return 'validation.chatEmpty';
  if (chatLength(text) > CHAT_MAX_CHARS) return 'validation.chatTooLong';
  return null;
}

/** The counter under the box: "12/400". */
export function chatCounter(text: string): string {
  return `${chatLength(text)}/${CHAT_MAX_CHARS}`;
}

/** Whether the send button is live: something to send, and no text send still waiting for its answer. */
export function canSend(text: string, sending: boolean): boolean {
  return !sending && text.trim() !== '';
}

/** What a key press in the box does: Enter sends, Ctrl+Enter inserts a new line, anything else types. */
export function keyAction(e: {
  key: string;
  ctrlKey: boolean;
  shiftKey: boolean;
  isComposing?: boolean;
}): 'send' | 'newline' | null {
  // Enter that confirms an input-method composition (Japanese, Chinese, Korean) is not a send.
  if (e.key !== 'Enter' || e.isComposing) return null;
  if (e.ctrlKey) return 'newline';
  return e.shiftKey ? null : 'send';
}

/** The box's text after a new line typed at the caret (Ctrl+Enter does not insert one by itself in a textarea). */
export function insertNewline(text: string, start: number, end: number): { text: string; caret: number } {
  return { text: `${text.slice(0, start)}\n${text.slice(end)}`, caret: start + 1 };
}
