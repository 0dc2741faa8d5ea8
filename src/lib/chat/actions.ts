import { request } from '../api/client.ts';
import * as otc from '../../../isomorphic/contract/otc.endpoints.ts';
import type { ChatLine } from '../../../isomorphic/contract/otc.ts';
import type { Page, Uploaded } from '../../../isomorphic/contract/wallet.ts';
import { uploadImage } from '../wallet/actions.ts';

/**
 * One page of a chat at the server's page size (docs/requirements.md §9: 15), newest page first; reading it marks the
 * chat read.
 */
export function chatPage(chatId: string, current: number): Promise<Page<ChatLine>> {
  return request(otc.chatRecords, { params: { x: chatId }, body: { current } });
}

/** Sends a text line. Quiet: the panel shows a refusal under the box rather than as a toast. */
export function sendText(chatId: string, content: string): Promise<ChatLine> {
  return request(otc.sendChat, { body: { chatId, contentType: 1, content }, quiet: true });
}

/** Uploads a chosen image through the upload endpoint (quiet: a failure is the panel's upload-failed tip). */
export function uploadChatImage(file: File): Promise<Uploaded> {
  return uploadImage(file, file.name || 'image', true);
}

/** Sends an uploaded image as an image line. */
export function sendImage(chatId: string, uploadId: string): Promise<ChatLine> {
  return request(otc.sendChat, { body: { chatId, contentType: 2, content: uploadId }, quiet: true });
}

/** The caller's chats with unread lines; for operators, the customer-service inbox. */
export function unreadChats() {
  return request(otc.chatUnread, { quiet: true });
}
