import { getAddress } from 'viem';
import { HDKey } from '@scure/bip32';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositAddress } from '../../isomorphic/contract/chain.ts';
import { DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { manualAddressesFor, OPERATOR_ADDRESSES } from '../../tests/support/manual-addresses.ts';
import { seedOperator } from '../seed/operator.ts';
import { insertUser } from '../user/user.repo.ts';
import { type AddressScheme, DERIVE } from './addresses.ts';
import { chainSettings } from './chain-config.ts';
import { watchedChains } from './chains.ts';
import { type Custody, depositTarget } from './custody.ts';

/** Account keys of a fixed seed, one per scheme, as an operator's wallet exports them. */
const root = HDKey.fromMasterSeed(new Uint8Array(32).fill(7));
const KEYS = {
  EVM_XPUB: root.derive("m/44'/60'/0'").publicExtendedKey,
  BTC_XPUB: root.derive("m/84'/0'/0'").publicExtendedKey,
  TRON_XPUB: root.derive("m/44'/195'/0'").publicExtendedKey,
};
const SCHEME_KEY: Record<AddressScheme, keyof typeof KEYS> = { evm: 'EVM_XPUB', btc: 'BTC_XPUB', tron: 'TRON_XPUB' };

describe.each(DIALECTS)('where a user deposits, on %s', (_name, open) => {
  let t: TestDatabase;
  let networks: Array<{ coin: string; network: string }>;
  const users: number[] = [];

  const custody = async (env: Record<string, string>): Promise<Custody> => {
    const settings = chainSettings({ DEMO_CHAIN: '0', ...env });
    return { settings, chains: await watchedChains(t.db, settings) };
  };
  const everyTarget = async (c: Custody) => {
    const out: DepositAddress[] = [];
    for (const u of users) for (const n of networks) out.push(await depositTarget(t.db, c, u, n.coin, n.network));
    return out;
  };
  /** Every address the given keys derive for the users so far (their allocated indexes), and the entered ones. */
  const allowedBy = async (env: Record<string, string>) => {
    const rows = await t.db.all<{ scheme: AddressScheme; idx: bigint | number; address: string }>(
      'SELECT scheme, idx, address FROM deposit_addresses',
    );
    const allowed = new Set(
      (await t.db.all<{ address: string }>('SELECT address FROM manual_deposit_addresses')).map((r) => r.address),
    );
    for (const r of rows) {
      const xpub = env[SCHEME_KEY[r.scheme]];
      // A stored address counts only if the key configured now derives it at its index.
      if (xpub && DERIVE[r.scheme](xpub, Number(r.idx)) === r.address) allowed.add(r.address);
    }
    return allowed;
  };

  beforeAll(async () => {
    t = await open();
    await seedOperator(t.db, 'ops@example.com', 'opspass1');
    for (const name of ['ann', 'ben', 'cat'])
      users.push(
        (
          await insertUser(
            t.db,
            {
              uid: `uid-${name}`,
              username: `${name}_custody`,
              email: null,
              phone: null,
              countryCode: null,
              passwordHash: 'x',
              inviteCode: `inv-${name}`,
              inviterId: null,
            },
            Date.now(),
          )
        ).id,
      );
    networks = await t.db.all('SELECT coin, network FROM wallet_networks ORDER BY sort');
  });
  afterAll(() => t.drop());

  it('shows no address at all where no key or operator covers a network', async () => {
    const envs: Array<Record<string, string>> = [
      {},
      { EVM_XPUB: KEYS.EVM_XPUB },
      { EVM_RPC_URL_ETHEREUM: 'http://127.0.0.1:9' },
    ];
    for (const env of envs) {
      for (const d of await everyTarget(await custody(env))) {
        expect(d).toEqual({
          coin: d.coin,
          network: d.network,
          mode: 'off',
          address: null,
          chain: null,
          minDeposit: null,
        });
      }
    }
    // Nothing was allocated for anyone.
    expect(await t.db.all('SELECT * FROM deposit_addresses')).toEqual([]);
  });

  it('gives each user their own address on a watched chain from EVM_XPUB, and only there', async () => {
    const env = { EVM_XPUB: KEYS.EVM_XPUB, EVM_RPC_URL_ETHEREUM: 'http://127.0.0.1:9' };
    const c = await custody(env);
    const a = await depositTarget(t.db, c, users[0]!, 'USDT', 'ERC20');
    expect(a).toMatchObject({ mode: 'chain', chain: { key: 'ethereum', chainId: 1 }, minDeposit: '1.00000000' });
    // Shown with EIP-55's checksum, stored and derived in lower case.
    expect(a.address).toBe(getAddress(DERIVE.evm(KEYS.EVM_XPUB, 0)));
    expect((await depositTarget(t.db, c, users[0]!, 'ETH', 'ERC20')).address).toBe(a.address);
    expect((await depositTarget(t.db, c, users[1]!, 'USDT', 'ERC20')).address).toBe(
      getAddress(DERIVE.evm(KEYS.EVM_XPUB, 1)),
    );
    // BNB Smart Chain has no RPC URL: not watched, so off, though the key would derive an address there.
    expect(await depositTarget(t.db, c, users[0]!, 'BNB', 'BEP20')).toMatchObject({ mode: 'off', address: null });
  });

  it('derives Bitcoin and TRON addresses from their keys for the manual review flow', async () => {
    const c = await custody({ BTC_XPUB: KEYS.BTC_XPUB, TRON_XPUB: KEYS.TRON_XPUB });
    const btc = await depositTarget(t.db, c, users[1]!, 'BTC', 'BTC');
    expect(btc).toEqual({
      coin: 'BTC',
      network: 'BTC',
      mode: 'manual',
      address: DERIVE.btc(KEYS.BTC_XPUB, 0),
      chain: null,
      minDeposit: null,
    });
    expect(btc.address).toMatch(/^bc1q/);
    expect((await depositTarget(t.db, c, users[0]!, 'BTC', 'BTC')).address).toBe(DERIVE.btc(KEYS.BTC_XPUB, 1));
    // Every TRC20 coin shares the user's one TRON address; each user has their own.
    const usdt = await depositTarget(t.db, c, users[2]!, 'USDT', 'TRC20');
    expect(usdt).toMatchObject({ mode: 'manual', address: DERIVE.tron(KEYS.TRON_XPUB, 0) });
    expect((await depositTarget(t.db, c, users[2]!, 'TRX', 'TRC20')).address).toBe(usdt.address);
    expect((await depositTarget(t.db, c, users[0]!, 'TRX', 'TRC20')).address).toBe(DERIVE.tron(KEYS.TRON_XPUB, 1));
    // Asked again, the same: an index is allocated once.
    expect((await depositTarget(t.db, c, users[1]!, 'BTC', 'BTC')).address).toBe(btc.address);
    // The other networks stay off: these keys cover nothing else.
    const others = (await everyTarget(c)).filter((d) => d.network !== 'BTC' && d.network !== 'TRC20');
    expect(others.every((d) => d.mode === 'off' && d.address === null)).toBe(true);
    // Without the keys, the same networks are off again, though addresses were once allocated.
    for (const d of await everyTarget(await custody({}))) expect(d).toMatchObject({ mode: 'off', address: null });
  });

  it("shows an operator's entered address for that coin and network only, after the platform's own keys", async () => {
    await manualAddressesFor(t.db, 'USDT/ERC20', 'USDT/TRC20', 'XRP/XRP');
    const none = await custody({});
    for (const u of users) {
      expect(await depositTarget(t.db, none, u, 'USDT', 'ERC20')).toEqual({
        coin: 'USDT',
        network: 'ERC20',
        mode: 'manual',
        address: OPERATOR_ADDRESSES.ERC20,
        chain: null,
        minDeposit: null,
      });
      expect(await depositTarget(t.db, none, u, 'XRP', 'XRP')).toMatchObject({ address: OPERATOR_ADDRESSES.XRP });
      // Another coin on the same network has no address of its own.
      expect(await depositTarget(t.db, none, u, 'ETH', 'ERC20')).toMatchObject({ mode: 'off', address: null });
      expect(await depositTarget(t.db, none, u, 'TRX', 'TRC20')).toMatchObject({ mode: 'off', address: null });
    }
    // A key of the platform's comes first: each user's own address, not the shared one.
    const tron = await custody({ TRON_XPUB: KEYS.TRON_XPUB });
    expect((await depositTarget(t.db, tron, users[2]!, 'USDT', 'TRC20')).address).toBe(DERIVE.tron(KEYS.TRON_XPUB, 0));
    // And a watched chain before both.
    const chain = await custody({ EVM_XPUB: KEYS.EVM_XPUB, EVM_RPC_URL_ETHEREUM: 'http://127.0.0.1:9' });
    expect(await depositTarget(t.db, chain, users[0]!, 'USDT', 'ERC20')).toMatchObject({
      mode: 'chain',
      address: getAddress(DERIVE.evm(KEYS.EVM_XPUB, 0)),
    });
  });

  it('never shows an address the configured keys do not derive or an operator did not enter', async () => {
    const configs: Array<Record<string, string>> = [
      {},
      { BTC_XPUB: KEYS.BTC_XPUB },
      { TRON_XPUB: KEYS.TRON_XPUB },
      { EVM_XPUB: KEYS.EVM_XPUB, EVM_RPC_URL_BSC: 'http://127.0.0.1:9' },
      { ...KEYS, EVM_RPC_URL_ETHEREUM: 'http://127.0.0.1:9' },
      // Another install's key: the addresses stored under this one's do not count.
      { BTC_XPUB: HDKey.fromMasterSeed(new Uint8Array(32).fill(8)).derive("m/84'/0'/0'").publicExtendedKey },
    ];
    for (const env of configs) {
      const shown = await everyTarget(await custody(env));
      const allowed = await allowedBy(env);
      for (const d of shown) {
        if (d.mode === 'off') expect(d.address).toBeNull();
        else
          expect(allowed, `${d.coin}/${d.network} ${d.address}`).toContain(
            d.mode === 'chain' ? d.address!.toLowerCase() : d.address,
          );
      }
    }
    // The users' Bitcoin addresses came from KEYS.BTC_XPUB: under another key, Bitcoin is off for them.
    const other = await custody(configs.at(-1)!);
    for (const u of users) expect(await depositTarget(t.db, other, u, 'BTC', 'BTC')).toMatchObject({ mode: 'off' });
  });
});
