import { atom, onMount, type ReadableAtom } from 'nanostores';
import { request } from '../api/client.ts';
import * as api from '../../../isomorphic/contract/security.endpoints.ts';
import type {
  AntiCodeBody,
  BindingBody,
  GoogleBindBody,
  GoogleResetBody,
  GoogleSetup,
  SecurityStatus,
  Whitelist,
  WhitelistAddBody,
  WhitelistSwitchBody,
  SecurityProof,
} from '../../../isomorphic/contract/security.ts';
import { loadUserInfo } from '../user/actions.ts';

const status = atom<SecurityStatus | null>(null);
const list = atom<Whitelist | null>(null);

/**
 * The signed-in user's security facts (bindings, authenticator, anti-phishing code, withdrawal pause), loaded when
 * first shown.
 */
export const $securityStatus: ReadableAtom<SecurityStatus | null> = status;
/** The withdrawal address whitelist, loaded when first shown. */
export const $whitelist: ReadableAtom<Whitelist | null> = list;

const inBrowser = () => typeof window !== 'undefined';
onMount(status, () => {
  if (inBrowser()) void loadSecurityStatus().catch(() => {});
});
onMount(list, () => {
  if (inBrowser()) void loadWhitelist().catch(() => {});
});

async function loadSecurityStatus(): Promise<SecurityStatus> {
  const s = await request(api.securityStatus);
  status.set(s);
  return s;
}

/** A change answered the new facts: keep them, and the user info every page shows (bindings, authenticator). */
async function changed(next: SecurityStatus): Promise<SecurityStatus> {
  status.set(next);
  await loadUserInfo().catch(() => {});
  return next;
}

/** E-mails a code: to `email` to bind that address, or to the bound address to confirm a change. */
export function sendEmailCode(email?: string): Promise<null> {
  return request(api.sendEmail, { query: email ? { email } : {} });
}

/** Texts a code: to a new phone to bind it, or to the bound phone to confirm a change. */
export function sendSmsCode(to?: { countryCode: string; phone: string }): Promise<null> {
  return request(api.sendSms, { query: to ?? {} });
}

export async function bindContact(body: BindingBody): Promise<SecurityStatus> {
  return changed(await request(api.accountVerificationBinding, { body }));
}

export function startGoogleSetup(): Promise<GoogleSetup> {
  return request(api.googleSetup);
}

export async function bindGoogle(body: GoogleBindBody): Promise<SecurityStatus> {
  return changed(await request(api.googleBind, { body }));
}

export async function resetGoogle(body: GoogleResetBody): Promise<SecurityStatus> {
  return changed(await request(api.googleReset, { body }));
}

export async function setAntiCode(body: AntiCodeBody): Promise<SecurityStatus> {
  return changed(await request(api.antiCode, { body }));
}

async function loadWhitelist(): Promise<Whitelist> {
  const w = await request(api.whitelist);
  list.set(w);
  return w;
}

export async function addToWhitelist(body: WhitelistAddBody): Promise<void> {
  list.set(await request(api.whitelistAdd, { body }));
}

export async function removeFromWhitelist(id: number, proof: SecurityProof): Promise<void> {
  list.set(await request(api.whitelistDelete, { body: { id, ...proof } }));
}

export async function switchWhitelist(body: WhitelistSwitchBody): Promise<void> {
  list.set(await request(api.whitelistSwitch, { body }));
  await loadSecurityStatus();
}
