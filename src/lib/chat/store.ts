import { atom, onMount, type ReadableAtom } from 'nanostores';
import { ApiError } from '../api/client.ts';
import type { ChatLine } from '../../../isomorphic/contract/otc.ts';
import { translate } from '../i18n/client.ts';
import { chatPage, sendImage, sendText, uploadChatImage } from './actions.ts';
import { lineOfPush, mergeLines, nextPage } from './conversation.ts';
import { chatFeed } from './feed.ts';
import { chatTextError } from './rules.ts';

export interface ChatState {
  /** Oldest first: the panel shows the newest at the bottom. */
  lines: ChatLine[];
  /** Lines in the chat in all, and the page size, as the last page read said. */
  total: number;
  pageSize: number;
  /** The first page has not come yet, or could not be read (then `failed`). */
  loading: boolean;
  failed: boolean;
  loadingOlder: boolean;
  /** A text line is on its way: the send button waits (docs/requirements.md §5). */
  sending: boolean;
  uploading: boolean;
  /** Why the last send was refused, as shown under the box (translated here or by the server). */
  refusal: string | null;
}

export interface Conversation {
  $state: ReadableAtom<ChatState>;
  loadOlder(): Promise<void>;
  /** Sends a text line; answers whether it went, so the box is emptied only then. */
  sendText(text: string): Promise<boolean>;
  sendImage(file: File): Promise<void>;
  dismissRefusal(): void;
}

// The page size is the server's (docs/requirements.md §9: 15) once the first page has come; nothing pages back before
// that.
const START: ChatState = {
  lines: [],
  total: 0,
  pageSize: 15,
  loading: true,
  failed: false,
  loadingOlder: false,
  sending: false,
  uploading: false,
  refusal: null,
};

/** What a failed call says: the server's translated sentence, or the network one the client made. */
const messageOf = (err: unknown) => (err instanceof ApiError ? err.message : translate('common.networkSlow'));

/**
 * One chat's lines while a panel shows it: the newest page on mount, older pages on request, lines pushed on the
 * chat topic as they come. A push is shown at once and then the newest page is read again, which names its author
 * and marks the line read, since the panel is open in front of the reader.
 */
export function conversation(chatId: string): Conversation {
  const $state = atom<ChatState>(START);
  const patch = (p: Partial<ChatState>) => $state.set({ ...$state.get(), ...p });
  /** Adds lines; `total` as a page says it, or else grown by the lines that were new. */
  const absorb = (lines: readonly ChatLine[], total?: number) => {
    const s = $state.get();
    const merged = mergeLines(s.lines, lines);
    patch({ lines: merged, total: Math.max(total ?? s.total + merged.length - s.lines.length, merged.length) });
  };

  let reading: Promise<void> | undefined;
  let again = false;
  const readNewest = (): Promise<void> => {
    if (reading) {
      again = true;
      return reading;
    }
    reading = chatPage(chatId, 1)
      .then((page) => {
        absorb(page.records, page.total);
        patch({ loading: false, failed: false, pageSize: page.size });
      })
      .catch(() => patch({ loading: false, failed: $state.get().lines.length === 0 }))
      .finally(() => {
        reading = undefined;
        if (again) {
          again = false;
          void readNewest();
        }
      });
    return reading;
  };

  onMount($state, () => {
    $state.set(START);
    void readNewest();
    return chatFeed.listen(
      (m) => {
        const line = lineOfPush(m, chatId, $state.get().lines);
        if (!line) return;
        absorb([line]);
        void readNewest();
      },
      () => void readNewest(),
    );
  });

  return {
    $state,
    async loadOlder() {
      const s = $state.get();
      if (s.loadingOlder || s.lines.length >= s.total) return;
      patch({ loadingOlder: true });
      try {
        const page = await chatPage(chatId, nextPage(s.lines.length, s.pageSize));
        absorb(page.records, page.total);
      } catch {
        // The API client has shown the message; the button stays for another try.
      } finally {
        patch({ loadingOlder: false });
      }
    },
    async sendText(text) {
      if ($state.get().sending) return false;
      const refused = chatTextError(text);
      if (refused) {
        patch({ refusal: translate(refused) });
        return false;
      }
      patch({ sending: true, refusal: null });
      try {
        absorb([await sendText(chatId, text)]);
        return true;
      } catch (err) {
        patch({ refusal: messageOf(err) });
        return false;
      } finally {
        patch({ sending: false });
      }
    },
    async sendImage(file) {
      patch({ uploading: true, refusal: null });
      try {
        let uploadId: string;
        try {
          uploadId = (await uploadChatImage(file)).id;
        } catch (err) {
          // docs/requirements.md §8: the upload-failed tip, with the server's reason when it gave one.
          const reason = err instanceof ApiError && err.code !== 0 ? err.message : '';
          patch({
            refusal: reason ? translate('chat.uploadFailedBecause', { reason }) : translate('chat.uploadFailed'),
          });
          return;
        }
        absorb([await sendImage(chatId, uploadId)]);
      } catch (err) {
        patch({ refusal: messageOf(err) });
      } finally {
        patch({ uploading: false });
      }
    },
    dismissRefusal: () => patch({ refusal: null }),
  };
}
