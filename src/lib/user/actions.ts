import { call } from '../api/client.ts';
import type {
  BackPwdBody,
  CodePurpose,
  CountryCode,
  FundPasswordSet,
  LoginBody,
  LoginResult,
  PasswordChange,
  RegisterBody,
  SessionTokens,
  UserInfo,
} from '../contract/user.ts';
import { seal } from '../crypto/seal.ts';
import { platformConfig } from '../platform.ts';
import { $isLogin, $refreshToken, clearSession, storeTokens, storeUserInfo } from '../stores/session.ts';

/** Logs in, stores user info and token, then fetches the full user info (spec §4). */
export async function login(body: LoginBody): Promise<UserInfo> {
  const result = await call<LoginResult>('/api/user/login', { body });
  storeTokens(result);
  return loadUserInfo();
}

export function register(body: RegisterBody): Promise<UserInfo> {
  return call<UserInfo>('/api/user/register', { body });
}

/** Ends the session on the server (best effort) and forgets it here in any case. */
export async function logout(): Promise<void> {
  try {
    if ($isLogin.get()) await call<null>('/api/user/logout');
  } catch {
    // The local session ends even when the server cannot be told.
  } finally {
    clearSession();
  }
}

export async function loadUserInfo(): Promise<UserInfo> {
  const info = await call<UserInfo>('/api/user/getInfo');
  storeUserInfo(info);
  return info;
}

let refreshing = false;

/** Rotates the tokens unless a rotation is already running; then reloads user info (spec §4). */
export async function refreshTokens(): Promise<void> {
  if (refreshing) return;
  refreshing = true;
  const used = $refreshToken.get();
  try {
    const tokens = await call<SessionTokens>('/api/user/refreshToken', { body: { refreshToken: used } });
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

export function sendEmailCode(email: string, purpose: CodePurpose): Promise<null> {
  return call<null>('/api/user/sendEmailCode', { query: { email, purpose } });
}

export function sendMobileCode(countryCode: string, phone: string, purpose: CodePurpose): Promise<null> {
  return call<null>('/api/user/sendMobileCode', { query: { countryCode, phone, purpose } });
}

export function resetPassword(body: BackPwdBody): Promise<null> {
  return call<null>('/api/user/backPwd', { body });
}

export function countryCodes(): Promise<CountryCode[]> {
  return call<CountryCode[]>('/api/user/getCountryCode');
}

/** Changes the login password; the old and new passwords travel sealed (spec §5). The session ends. */
export async function changePassword(change: PasswordChange): Promise<void> {
  await call<null>('/api/user/updatePwd', { body: { sealed: await seal(change, platformConfig().sealKey) } });
  clearSession();
}

export async function setFundPassword(body: FundPasswordSet): Promise<void> {
  await call<null>('/api/user/tardPwdSet', { body: { sealed: await seal(body, platformConfig().sealKey) } });
  await loadUserInfo();
}
