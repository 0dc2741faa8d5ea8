import { atom, onMount, type ReadableAtom } from 'nanostores';
import type { ChatUnread } from '../../../isomorphic/contract/otc.ts';
import { unreadChats } from './actions.ts';
import { chatFeed } from './feed.ts';

interface Inbox {
  /** Conversations with unread lines, and those opened since the page loaded, newest line first. */
  chats: ChatUnread[];
  loaded: boolean;
}

const $state = atom<Inbox>({ chats: [], loaded: false });
/** The customer-service inbox of the console: followed live while it is shown. */
export const $inbox: ReadableAtom<Inbox> = $state;

/** Inbox rows: the server's unread ones, plus the ones already seen here (read now, so at 0), newest first. */
export function inboxRows(unread: readonly ChatUnread[], seen: readonly ChatUnread[]): ChatUnread[] {
  const rows = new Map(seen.map((c) => [c.chatId, { ...c, unread: 0 }]));
  for (const c of unread) rows.set(c.chatId, c);
  return [...rows.values()].sort((a, b) => b.lastAt - a.lastAt);
}

let reading = false;
let again = false;
function load(): void {
  if (reading) return void (again = true);
  reading = true;
  unreadChats()
    .then((unread) =>
      $state.set({
        chats: inboxRows(
          unread.filter((c) => c.chatId.startsWith('service-')),
          $state.get().chats,
        ),
        loaded: true,
      }),
    )
    .catch(() => $state.set({ ...$state.get(), loaded: true }))
    .finally(() => {
      reading = false;
      if (again) {
        again = false;
        load();
      }
    });
}

/** Reads the inbox again (after a conversation was opened and so marked read). */
export const reloadInbox = load;

onMount($state, () => {
  load();
  return chatFeed.listen((m) => {
    if (m.chatId?.startsWith('service-')) load();
  }, load);
});
