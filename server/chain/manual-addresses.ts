import type { ManualAddress } from '../../isomorphic/contract/chain.ts';
import { isChainAddress } from '../../isomorphic/validate/chain-address.ts';
import { audit } from '../audit/audit.ts';
import { fail } from '../outcome.ts';
import type { Db } from '../storage/db.ts';
import * as repo from './manual-addresses.repo.ts';

const toManual = (r: repo.ManualAddressRow): ManualAddress => ({
  coin: r.coin,
  network: r.network,
  address: r.address,
  updatedAt: Number(r.updated_at),
});

/** Every operator-entered deposit address, by coin and network. */
export async function manualAddresses(db: Db): Promise<ManualAddress[]> {
  return (await repo.manualAddressRows(db)).map(toManual);
}

/**
 * Sets the deposit address of a coin's network for the manual review flow, or removes it with an empty address (the
 * network is then off unless a key of the platform's covers it). Only an address that passes the network's checksum
 * is taken: a typo here would send every user's deposit where nobody can spend it. The change and its audit line
 * commit together.
 */
export async function setManualAddress(
  db: Db,
  operatorId: number,
  body: { coin: string; network: string; address: string },
): Promise<ManualAddress[]> {
  const network = await repo.walletNetworkOf(db, body.coin, body.network);
  if (!network) fail('unknownNetwork');
  const address = body.address.trim();
  if (address && !isChainAddress(network, address)) fail('addressInvalid', { network });
  await db.tx(async (q) => {
    const before = await repo.manualAddressRow(q, body.coin, network);
    if (address) await repo.upsertManualAddress(q, { coin: body.coin, network, address, operatorId, at: Date.now() });
    else await repo.deleteManualAddress(q, body.coin, network);
    await audit(
      q,
      operatorId,
      address ? 'deposit-address.set' : 'deposit-address.remove',
      'wallet_network',
      `${body.coin}/${network}`,
      {
        coin: body.coin,
        network,
        address: address || null,
        previous: before?.address ?? null,
      },
    );
  });
  return manualAddresses(db);
}

/** The operator's address for a coin and network, if one was entered. */
export async function manualAddressOf(db: Db, coin: string, network: string): Promise<string | undefined> {
  return (await repo.manualAddressRow(db, coin, network))?.address;
}
