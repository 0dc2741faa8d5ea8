import { atom, computed, onMount, type ReadableAtom } from 'nanostores';
import { goTo } from '../navigation.ts';
import { firstFrame } from '../stores/first-frame.ts';
import { $token, $userInfo } from '../stores/session.ts';
import { unreadChats } from './actions.ts';
import { serviceChatId } from './conversation.ts';
import { chatFeed } from './feed.ts';

/** Whether the customer-service dialog is open; the floating button, the top bar icon and the footer open it. */
const $open = atom(false);
export const $serviceChatOpen: ReadableAtom<boolean> = $open;

/** The signed-in user's customer-service chat, or null when logged out. */
export const $serviceChatId = firstFrame(
  computed($userInfo, (user) => (user ? serviceChatId(user.id) : null)),
  null,
);

/**
 * Opens the dialog; chat needs login (docs/requirements.md §6), so a visitor goes to the login page and comes back
 * here.
 */
export function openServiceChat(): void {
  if (!$token.get() || !$userInfo.get()) {
    goTo(`/user/login?redirect=${encodeURIComponent(window.location.pathname + window.location.search)}`);
    return;
  }
  $unread.set(0);
  $open.set(true);
}

export function closeServiceChat(): void {
  $open.set(false);
}

/**
 * Unread customer-service lines (the button's badge): chatUnread's count for `service-<id>` when the page loads and
 * after each reconnect, plus each line pushed by someone else while the dialog is shut. Opening the dialog reads
 * the chat, which marks it read, so the count starts again at 0 (docs/requirements.md §4).
 */
const $unread = atom(0);
export const $serviceUnread: ReadableAtom<number> = $unread;

onMount($unread, () => {
  const load = () => {
    const chatId = $serviceChatId.get();
    if (!chatId || $open.get()) return void $unread.set(0);
    unreadChats()
      .then((list) => $unread.set($open.get() ? 0 : (list.find((c) => c.chatId === chatId)?.unread ?? 0)))
      .catch(() => {});
  };
  const offUser = $serviceChatId.listen(load);
  const offFeed = chatFeed.listen((m) => {
    const me = $userInfo.get()?.id;
    if (m.chatId === $serviceChatId.get() && m.from !== me && !$open.get()) $unread.set($unread.get() + 1);
  }, load);
  load();
  return () => {
    offUser();
    offFeed();
  };
});
