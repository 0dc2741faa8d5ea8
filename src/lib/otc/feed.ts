/**
 * The signed-in user's OTC refresh topics on the page's STOMP connection (docs/requirements.md §7):
 * `/topic/user.{id}.refresh`, and for a merchant also `/topic/merchant.{id}.refresh` (docs/requirements.md §6, the
 * second real-time channel).
 *
 * `$otcPulse` moves on every message of kind 'otc' and on every (re)connect (pushes may have been missed while the
 * socket was down): the OTC screens load again when it moves. `$notices` is the shell's notification stack.
 */
import { atom, onMount, type ReadableAtom } from 'nanostores';
import { STOMP_DESTINATION, type RefreshMessage } from '../../../isomorphic/contract/private-feed.ts';
import type { UserInfo } from '../../../isomorphic/contract/user.ts';
import { userStomp } from '../feed/user-stomp.ts';
import { platformConfig } from '../platform.ts';
import { throttle } from '../perpetual-assets/remote.ts';
import { $token } from '../stores/session.ts';
import { dropNotice, noticeOf, pushNotice, type ShownNotice } from './notices.ts';

/**
 * The topics a user follows: their own, and a merchant's merchant topic (the merchant id is the user id unless said).
 */
export function refreshTopics(user: Pick<UserInfo, 'id' | 'is_merchant' | 'merchant'>): string[] {
  const topics = [STOMP_DESTINATION.refresh(user.id)];
  if (user.is_merchant === 2) topics.push(STOMP_DESTINATION.merchant(user.merchant?.id ?? user.id));
  return topics;
}

const pulse = atom(0);
/** Moves when OTC orders or ads may have changed: load them again. */
export const $otcPulse: ReadableAtom<number> = pulse;

/** Notices stay until clicked, also across the site's page loads: the tab's session storage keeps them. */
const NOTICES_KEY = `${platformConfig().storagePrefix}otcNotices`;
function keptNotices(): ShownNotice[] {
  try {
    const kept = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(NOTICES_KEY);
    return kept ? (JSON.parse(kept) as ShownNotice[]) : [];
  } catch {
    return [];
  }
}
const notices = atom<ShownNotice[]>(keptNotices());
notices.listen((list) => {
  try {
    sessionStorage.setItem(NOTICES_KEY, JSON.stringify(list));
  } catch {
    // Storage full or off: the notices still show on this page.
  }
});
// A notice is for the user it came to: logging out drops them, so the next user of the tab never sees them.
$token.listen((token) => {
  if (!token) notices.set([]);
});
/** The notices on screen, oldest first. */
export const $notices: ReadableAtom<ShownNotice[]> = notices;

/** Runs `load` on every pulse (at most once a second) until the answered stop function is called. */
export function followOtc(load: () => void): () => void {
  const again = throttle(load, 1_000);
  const off = pulse.listen(again);
  return () => {
    off();
    again.cancel();
  };
}

/** Closes a notice (it was clicked). */
export function dismissNotice(n: ShownNotice): void {
  notices.set(dropNotice(notices.get(), n));
}

function onRefresh(m: RefreshMessage | null): void {
  if (m && m.kind !== 'otc') return;
  pulse.set(pulse.get() + 1);
  const notice = m && noticeOf(m);
  if (notice) notices.set(pushNotice(notices.get(), notice));
}

// Either store being shown keeps the socket open (one listener for both); the shell's stack shows on every page of a
// signed-in user.
let shown = 0;
let off: (() => void) | undefined;
for (const store of [pulse, notices]) {
  onMount(store, () => {
    if (typeof window === 'undefined') return;
    if (shown++ === 0)
      off = userStomp.listen({
        topics: refreshTopics,
        onMessage: (m) => onRefresh(m as RefreshMessage),
        onConnect: () => onRefresh(null),
      });
    return () => {
      if (--shown === 0) off?.();
    };
  });
}
