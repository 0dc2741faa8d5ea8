import { setPersistentEngine, type PersistentListener } from '@nanostores/persistent';
import { describe, expect, it } from 'vitest';

// A storage engine of our own (a plain object, as localStorage is to the library) swapped in for localStorage.
const storage: Record<string, string> = {};
setPersistentEngine(storage, {
  addEventListener: (_k: string, _l: PersistentListener) => {},
  removeEventListener: (_k: string, _l: PersistentListener) => {},
  perKey: false,
});
const { $isLogin, clearSession, storeTokens } = await import('./session.ts');

const LOGIN = {
  token: 'a'.repeat(43),
  refreshToken: 'r'.repeat(43),
  tenantId: '000000',
  issuedAt: 1_700_000_000,
  expiresIn: 691200,
  refreshExpiresIn: 2592000,
};

describe('the stored session (docs/requirements.md §4)', () => {
  it('stores both tokens and the session on login', () => {
    storeTokens(LOGIN);
    expect(Object.keys(storage).sort()).toEqual(['lumex:refreshToken', 'lumex:session', 'lumex:token']);
    expect(JSON.parse(storage['lumex:token']!)).toMatchObject({ content: LOGIN.token, type: 'localStorage' });
  });

  it('removes the stored keys on logout instead of leaving them empty', () => {
    storeTokens(LOGIN);
    clearSession();
    expect(storage).toEqual({});
    expect($isLogin.get()).toBe(false);
  });
});
