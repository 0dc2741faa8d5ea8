import { ASSET_SCALE, formatUnits, parseUnits } from '../../../isomorphic/money/units.ts';
import { audit } from '../../audit/audit.ts';
import { fail } from '../../outcome.ts';
import { readSetting, writeSetting } from '../../settings/settings.repo.ts';
import type { Db, Queryable } from '../../storage/db.ts';

/**
 * Operators' chain settings (app_settings `chain.payouts`, JSON of ledger units as decimal strings): per coin, the
 * amount below which a withdrawal on a watched chain skips review (approved at submit by the platform, reason `auto`),
 * and the hot wallet balance below which the console warns. A coin absent from `autoApprove` is always reviewed.
 */
export const CHAIN_SETTINGS_KEY = 'chain.payouts';

export interface PayoutSettings {
  autoApprove: Record<string, bigint>;
  warnBelow: Record<string, bigint>;
}

const units = (m: Record<string, string> = {}) =>
  Object.fromEntries(Object.entries(m).map(([coin, v]) => [coin, BigInt(v)]));
const texts = (m: Record<string, bigint>) => Object.fromEntries(Object.entries(m).map(([c, v]) => [c, v.toString()]));

export async function payoutSettings(q: Queryable): Promise<PayoutSettings> {
  const raw = await readSetting(q, CHAIN_SETTINGS_KEY);
  const parsed = raw
    ? (JSON.parse(raw) as { autoApprove?: Record<string, string>; warnBelow?: Record<string, string> })
    : {};
  return { autoApprove: units(parsed.autoApprove), warnBelow: units(parsed.warnBelow) };
}

/** Whether a withdrawal of `amount` (ledger units) of `coin` on a watched chain is approved without review. */
export async function autoApproved(q: Queryable, coin: string, amount: bigint): Promise<boolean> {
  const limit = (await payoutSettings(q)).autoApprove[coin];
  return limit !== undefined && amount < limit;
}

const parse = (text: string): bigint => {
  const p = parseUnits(text.trim(), ASSET_SCALE, 10n ** 17n);
  if (!p.ok || p.value < 0n) fail('amountInvalid');
  return p.value;
};

/**
 * An operator's new settings (decimals per coin; an empty text removes a coin's entry), with their audit line. Only
 * coins a watched chain carries (`coins`) may be named: a limit on anything else would never apply.
 */
export async function setPayoutSettings(
  db: Db,
  operatorId: number,
  coins: ReadonlySet<string>,
  body: { autoApprove: Record<string, string>; warnBelow: Record<string, string> },
): Promise<void> {
  for (const coin of [...Object.keys(body.autoApprove), ...Object.keys(body.warnBelow)])
    if (!coins.has(coin)) fail('chainCoinUnknown', { coin });
  const pick = (m: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(m)
        .filter(([, v]) => v.trim() !== '')
        .map(([c, v]) => [c, parse(v)]),
    );
  const next: PayoutSettings = { autoApprove: pick(body.autoApprove), warnBelow: pick(body.warnBelow) };
  await db.tx(async (q) => {
    await writeSetting(
      q,
      CHAIN_SETTINGS_KEY,
      JSON.stringify({ autoApprove: texts(next.autoApprove), warnBelow: texts(next.warnBelow) }),
    );
    const show = (m: Record<string, bigint>) =>
      Object.fromEntries(Object.entries(m).map(([c, v]) => [c, formatUnits(v, ASSET_SCALE)]));
    await audit(q, operatorId, 'chain.settings', 'settings', CHAIN_SETTINGS_KEY, {
      autoApprove: show(next.autoApprove),
      warnBelow: show(next.warnBelow),
    });
  });
}
