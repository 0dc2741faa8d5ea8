import type { ContractKindName } from './contract/perpetual.ts';
import { localeOfPath, localizePath } from './i18n/locales.ts';

/**
 * The router rules of docs/requirements.md §2, shared by the static site (404 page, shell) and the server, so a hosted
 * `dist/` and the Node server behave alike. Paths here are without a locale prefix.
 */

/** Bare paths that always move on to a page. */
export const REDIRECTS: Record<string, string> = {
  '/': '/home/index',
  '/home': '/home/index',
  '/user': '/user/login',
};

/** Where every address that matches nothing ends up (docs/requirements.md §2). */
export const FALLBACK_PATH = '/home/index';

const INVITE_MARKER = '/i&';

/**
 * An address containing "/i&" goes to registration with the text after the marker as invite code, in the language its
 * path starts with (a link shared from the German site opens the German form): inviteRedirect('/i&K7QX2MPA') →
 * '/user/register?invite_code=K7QX2MPA', '/de/i&K7' → '/de/user/register?invite_code=K7'.
 */
export function inviteRedirect(url: string): string | undefined {
  let decoded = url;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    // A malformed escape is matched as typed.
  }
  const at = decoded.indexOf(INVITE_MARKER);
  if (at < 0) return undefined;
  const code = decoded
    .slice(at + INVITE_MARKER.length)
    .split(/[/?#&]/)[0]!
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 16);
  const register = localizePath('/user/register', localeOfPath(decoded.slice(0, at + 1)));
  return code ? `${register}?invite_code=${code}` : register;
}

/**
 * The footer is hidden on user pages other than /user/index, on /pledge/, /finance/detail, /trade and the full-screen
 * exchange.
 */
export function showFooter(path: string): boolean {
  if (path.startsWith('/user/') && path !== '/user/index') return false;
  if (path === '/user') return false;
  return !['/pledge/', '/finance/detail', '/trade', '/exchange/full-screen/'].some((part) => path.includes(part));
}

/** The top bar is hidden on paths containing login, register or reset. */
export function showTopBar(path: string): boolean {
  return !['login', 'register', 'reset'].some((part) => path.includes(part));
}

/**
 * The {type} names /exchange/full-contract/{type} answers to: ours (usdt, coin) and the requirements' `u` for the
 * USDT-margined contract (the order centre's future/u tab), each the page of that kind of contract.
 */
export const FULL_CONTRACT_TYPES: Record<string, ContractKindName> = { usdt: 'usdt', coin: 'coin', u: 'usdt' };
