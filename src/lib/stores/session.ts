import { computed } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import type { LoginResult, SessionTokens, UserInfo } from '../contract/user.ts';
import { platformConfig } from '../platform.ts';

/**
 * The stored-item wrapper of spec §3 (data type, content, type, timestamp) around each persisted value, so a
 * stored value says what it is and when it was written.
 */
function wrapped<T>() {
  return {
    encode: (content: T) => JSON.stringify({ dataType: typeof content, content, type: 'localStorage', datetime: Date.now() }),
    decode: (raw: string): T => {
      try {
        return (JSON.parse(raw) as { content: T }).content;
      } catch {
        return undefined as T;
      }
    },
  };
}

const prefix = platformConfig().storagePrefix;

/** The access token; sent as the authorization and satoken headers. */
export const $token = persistentAtom<string>(`${prefix}token`, '', wrapped<string>());
/** The refresh token; the second stored token that logout removes (spec §4). */
export const $refreshToken = persistentAtom<string>(`${prefix}refreshToken`, '', wrapped<string>());

export interface StoredSession {
  tenantId: string;
  /** Seconds since the epoch at which the current token was issued. */
  issuedAt: number;
  userInfo: UserInfo | null;
}
export const $session = persistentAtom<StoredSession | null>(`${prefix}session`, null, wrapped<StoredSession | null>());

export const $isLogin = computed($token, (token) => token !== '');
export const $userInfo = computed($session, (s) => s?.userInfo ?? null);

/** Stores what login or a refresh returned. */
export function storeTokens(tokens: SessionTokens | LoginResult): void {
  $token.set(tokens.token);
  $refreshToken.set(tokens.refreshToken);
  const previous = $session.get();
  $session.set({
    tenantId: tokens.tenantId,
    issuedAt: tokens.issuedAt,
    userInfo: 'userInfo' in tokens ? tokens.userInfo : (previous?.userInfo ?? null),
  });
}

export function storeUserInfo(userInfo: UserInfo): void {
  const s = $session.get();
  if (s) $session.set({ ...s, userInfo });
}

/** Forgets the session: token, user info and flag, and both stored tokens (spec §4). */
export function clearSession(): void {
  $token.set('');
  $refreshToken.set('');
  $session.set(null);
}
