import { platformConfig } from '../platform.ts';
import { $isLogin, $session } from '../stores/session.ts';
import { loadUserInfo, refreshTokens } from './actions.ts';

/** docs/requirements.md §9: the refresh check runs every 10 seconds. */
export const REFRESH_CHECK_MS = 10_000;

/** Whether a token issued at `issuedAt` (seconds) is due for a refresh at `nowMs`. */
export function refreshDue(issuedAt: number, nowMs: number, thresholdSeconds: number): boolean {
  return nowMs / 1000 - issuedAt >= thresholdSeconds;
}

let started = false;

/**
 * Keeps a logged-in session alive on every page: reloads user info once on load, then every 10 s refreshes the
 * token when its age reaches the threshold (docs/requirements.md §4). Started once per page by the header island.
 */
export function startSessionKeeper(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  if ($isLogin.get()) loadUserInfo().catch(() => {});
  setInterval(() => {
    const session = $session.get();
    if (!$isLogin.get() || !session) return;
    if (refreshDue(session.issuedAt, Date.now(), platformConfig().tokenRefreshSeconds)) refreshTokens().catch(() => {});
  }, REFRESH_CHECK_MS);
}
