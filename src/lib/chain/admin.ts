import { request } from '../api/client.ts';
import * as api from '../../../isomorphic/contract/chain.endpoints.ts';
import type { ChainOverview } from '../../../isomorphic/contract/chain.ts';
import { remote } from '../stores/remote.ts';

/**
 * The operator console's chains (operators only): what is on chain beside what users are owed, the settings of
 * auto-approval and hot wallet warnings, and the manual deposit addresses. Loads are quiet: the section says itself
 * that it could not load (a server without the chain routes answers 404), instead of a toast per store.
 */
const overview = remote(() => request(api.chainOverview, { quiet: true }));
/** Hot wallets, unswept deposits, liabilities against what is on chain, limits and gas budget. */
export const $chainOverview = overview.$value;
export const reloadChainOverview = (): Promise<void> => overview.reload();

/** Per coin, the limit below which withdrawals skip review and the hot wallet's warning threshold (empty: none). */
export interface ChainSettingsForm {
  autoApprove: Record<string, string>;
  warnBelow: Record<string, string>;
}

/**
 * The form's starting values from the overview: every coin on a watched chain, with what is set for it as a person
 * writes it ("500", not "500.00000000"); a limit or threshold of 0 is none, so its field is empty.
 */
export function settingsFormOf(o: ChainOverview): ChainSettingsForm {
  const coins = [...new Set([...o.holdings.map((h) => h.coin), ...o.coins.map((c) => c.coin)])].sort();
  const field = (v: string | undefined) =>
    !v || /^0(\.0*)?$/.test(v) ? '' : v.includes('.') ? v.replace(/\.?0+$/, '') : v;
  const warn = (coin: string) => o.holdings.find((h) => h.coin === coin && field(h.warnBelow))?.warnBelow;
  return {
    autoApprove: Object.fromEntries(coins.map((c) => [c, field(o.autoApprove[c])])),
    warnBelow: Object.fromEntries(coins.map((c) => [c, field(warn(c))])),
  };
}

/** Saves the settings (the server checks each amount) and shows the overview it answers with. */
export async function saveChainSettings(form: ChainSettingsForm): Promise<void> {
  // An empty field is sent as 0, which the contract reads as none (no withdrawal is below 0, no balance below 0).
  const trim = (r: Record<string, string>) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v.trim() || '0']));
  overview.put(
    await request(api.setChainSettings, {
      body: { autoApprove: trim(form.autoApprove), warnBelow: trim(form.warnBelow) },
    }),
  );
}

const manual = remote(() => request(api.manualAddresses, { quiet: true }));
/** The deposit addresses operators entered for networks the platform holds no key for. */
export const $manualAddresses = manual.$value;
export const reloadManualAddresses = (): Promise<void> => manual.reload();

/** Sets a manual deposit address (the server checks it by the network's checksum); an empty address removes it. */
export async function setManualAddress(coin: string, network: string, address: string): Promise<void> {
  manual.put(await request(api.setManualAddress, { body: { coin, network, address: address.trim() } }));
}
