import { request } from '../api/client.ts';
import * as api from '../../../isomorphic/contract/user.endpoints.ts';
import type {
  BackPwdBody,
  PublicCodePurpose,
  CountryCode,
  FundPasswordSet,
  LoginBody,
  PasswordChange,
  RegisterBody,
  UserInfo,
} from '../../../isomorphic/contract/user.ts';
import { seal } from '../../../isomorphic/crypto/seal.ts';
import { platformConfig } from '../platform.ts';
import { $isLogin, $refreshToken, $userInfo, clearSession, storeTokens, storeUserInfo } from '../stores/session.ts';

/** Logs in, stores user info and token, then fetches the full user info (docs/requirements.md §4). */
export async function login(body: LoginBody): Promise<UserInfo> {
  const result = await request(api.login, { body });
  storeTokens(result);
  return loadUserInfo();
}

export function register(body: RegisterBody): Promise<UserInfo> {
  return request(api.register, { body });
}

/** Ends the session on the server (best effort) and forgets it here in any case. */
export async function logout(): Promise<void> {
  try {
    if ($isLogin.get()) await request(api.logout);
  } catch {
    // The local session ends even when the server cannot be told.
  } finally {
    clearSession();
  }
}

export async function loadUserInfo(): Promise<UserInfo> {
  const info = await request(api.getInfo);
  storeUserInfo(info);
  return info;
}

let refreshing = false;

/** Rotates the tokens unless a rotation is already running; then reloads user info (docs/requirements.md §4). */
export async function refreshTokens(): Promise<void> {
  if (refreshing) return;
  refreshing = true;
  const used = $refreshToken.get();
  try {
    const tokens = await request(api.refreshToken, { body: { refreshToken: used } });
    storeTokens(tokens);
    await loadUserInfo();
  } catch (err) {
    // Another tab may have rotated first and stored new tokens: only a refresh token still ours is dead.
    if ($refreshToken.get() === used) clearSession();
    throw err;
  } finally {
    refreshing = false;
  }
}

export function sendEmailCode(email: string, purpose: PublicCodePurpose): Promise<null> {
  return request(api.sendEmailCode, { query: { email, purpose } });
}

export function sendMobileCode(countryCode: string, phone: string, purpose: PublicCodePurpose): Promise<null> {
  return request(api.sendMobileCode, { query: { countryCode, phone, purpose } });
}

export function resetPassword(body: BackPwdBody): Promise<null> {
  return request(api.backPwd, { body });
}

export function countryCodes(): Promise<CountryCode[]> {
  return request(api.getCountryCode);
}

/** A body sealed for the signed-in user (docs/requirements.md §5): the server opens it once, for this user only. */
export async function sealedBody(data: unknown): Promise<{ sealed: string }> {
  return { sealed: await seal(data, platformConfig().sealKey, $userInfo.get()?.id ?? 0) };
}

/** Changes the login password; the old and new passwords travel sealed (docs/requirements.md §5). The session ends. */
export async function changePassword(change: PasswordChange): Promise<void> {
  await request(api.updatePwd, { body: await sealedBody(change) });
  clearSession();
}

export async function setFundPassword(body: FundPasswordSet): Promise<void> {
  await request(api.tardPwdSet, { body: await sealedBody(body) });
  await loadUserInfo();
}
