import { setManualAddress } from '../../server/chain/manual-addresses.ts';
import type { Db } from '../../server/storage/db.ts';
import { OPERATOR_ADDRESSES } from './operator-addresses.ts';

export { OPERATOR_ADDRESSES };

/**
 * Has the first operator enter a deposit address for each `COIN/NETWORK` (all wallet networks when none are named),
 * as the console does: manualAddressesFor(db, 'USDT/TRC20', 'BTC/BTC'). Seed the operator first.
 */
export async function manualAddressesFor(db: Db, ...pairs: string[]): Promise<void> {
  const op = await db.get<{ id: bigint | number }>("SELECT id FROM users WHERE role = 'operator' ORDER BY id LIMIT 1");
  if (!op) throw new Error('manualAddressesFor: seed an operator first');
  const all = await db.all<{ coin: string; network: string }>('SELECT coin, network FROM wallet_networks');
  const wanted = pairs.length
    ? pairs.map((p) => p.split('/') as [string, string])
    : all.map((r) => [r.coin, r.network]);
  for (const [coin, network] of wanted) {
    const address = OPERATOR_ADDRESSES[network!];
    if (!address) throw new Error(`manualAddressesFor: no test address for ${network}`);
    await setManualAddress(db, Number(op.id), { coin: coin!, network: network!, address });
  }
}
