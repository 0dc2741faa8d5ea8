import { computed, readonlyType } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import type { LoginResult, SessionTokens, UserInfo } from '../../../isomorphic/contract/user.ts';
import { platformConfig } from '../platform.ts';
import { firstFrame } from './first-frame.ts';
import { wrappedOrRemoved } from './persist.ts';

const prefix = platformConfig().storagePrefix;

// Written only by the actions below (storeTokens, clearSession); exported read-only.
const token = persistentAtom<string>(`${prefix}token`, '', wrappedOrRemoved(''));
const refreshToken = persistentAtom<string>(`${prefix}refreshToken`, '', wrappedOrRemoved(''));
/** The access token; sent as the authorization and satoken headers. */
export const $token = firstFrame(readonlyType(token), '');
/** The refresh token; the second stored token that logout removes (docs/requirements.md §4). */
export const $refreshToken = firstFrame(readonlyType(refreshToken), '');

interface StoredSession {
  tenantId: string;
  /** Seconds since the epoch at which the current token was issued. */
  issuedAt: number;
  userInfo: UserInfo | null;
}
const session = persistentAtom<StoredSession | null>(
  `${prefix}session`,
  null,
  wrappedOrRemoved<StoredSession | null>(null),
);
// The pages are built signed out: islands hydrate signed out and show the stored session right after.
export const $session = firstFrame(readonlyType(session), null);

export const $isLogin = firstFrame(
  computed($token, (token) => token !== ''),
  false,
);
export const $userInfo = firstFrame(
  computed($session, (s) => s?.userInfo ?? null),
  null,
);

/** Stores what login or a refresh returned. */
export function storeTokens(tokens: SessionTokens | LoginResult): void {
  token.set(tokens.token);
  refreshToken.set(tokens.refreshToken);
  const previous = session.get();
  session.set({
    tenantId: tokens.tenantId,
    issuedAt: tokens.issuedAt,
    userInfo: 'userInfo' in tokens ? tokens.userInfo : (previous?.userInfo ?? null),
  });
}

export function storeUserInfo(userInfo: UserInfo): void {
  const s = session.get();
  if (s) session.set({ ...s, userInfo });
}

/**
 * Forgets the session: token, user info and flag; the stored tokens and user info are removed, not emptied
 * (docs/requirements.md §4).
 */
export function clearSession(): void {
  token.set('');
  refreshToken.set('');
  session.set(null);
}
