/**
 * What the environment says about chains (docs/configuration.md, "Chains"). Only public material is read here: RPC
 * URLs and extended public keys. The signer's private key is read by server/chain/signer alone.
 */
export interface ChainSettings {
  /** EVM_RPC_URL_<CHAIN>: the JSON-RPC endpoint of each EVM chain the platform watches, by chain key (lower case). */
  rpcUrls: Record<string, string>;
  /**
   * EVM_XPUB: the BIP32 account-level extended public key (m/44'/60'/0') deposit addresses are derived from (0/i)
   * and whose 1/0 is the hot wallet; one per install, so a user has one address on every EVM chain.
   */
  evmXpub: string | undefined;
  /** BTC_XPUB, TRON_XPUB: account-level keys for Bitcoin (m/84'/0'/0') and TRON (m/44'/195'/0') addresses. */
  btcXpub: string | undefined;
  tronXpub: string | undefined;
  /**
   * DEMO_CHAIN: a local EVM development chain started with the server (server/chain/demo), on by default when no
   * EVM_RPC_URL_* is set; never with NODE_ENV=production. DEMO_CHAIN_PORT: its JSON-RPC port (0: any free one).
   */
  demoChain: boolean;
  demoChainPort: number;
  /**
   * CHAIN_POLL_MS: how often each watched chain is read for new blocks (server/chain/deposits), in milliseconds;
   * default 1000. A deposit is seen at most this long after its block, and credited this long after its final one.
   */
  pollMs: number;
  /**
   * The demo chain's signer key file (never from the environment: server/serve.ts sets it once startDemoChain has
   * made it); server/chain/signer reads the file, nothing else does.
   */
  demoSignerKeyFile?: string;
}

const KEY = /^EVM_RPC_URL_([A-Z0-9_]+)$/;

export function chainSettings(env: NodeJS.ProcessEnv): ChainSettings {
  const rpcUrls: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    const m = KEY.exec(name);
    if (!m || !value) continue;
    if (!/^(https?|wss?):\/\//.test(value)) throw new Error(`${name} must be an http(s):// or ws(s):// URL`);
    rpcUrls[m[1]!.toLowerCase()] = value;
  }
  const production = env.NODE_ENV === 'production';
  const asked = env.DEMO_CHAIN;
  const demoChain =
    asked === undefined || asked === ''
      ? !production && Object.keys(rpcUrls).length === 0
      : asked === '1' || asked === 'true';
  if (demoChain && production)
    throw new Error('DEMO_CHAIN is for development installs: it cannot be set with NODE_ENV=production');
  const port = Number(env.DEMO_CHAIN_PORT || 0);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error('DEMO_CHAIN_PORT must be a port from 0 to 65535');
  const btcXpub = xpub(env, 'BTC_XPUB');
  // Deposit addresses are native segwit (server/chain/btc/hd.ts): a ypub's wallet would watch P2SH-wrapped ones.
  if (btcXpub && !/^[xz]pub/.test(btcXpub))
    throw new Error("BTC_XPUB must be the xpub or zpub of a BIP84 account (m/84'/0'/0'), not a ypub");
  const pollMs = Number(env.CHAIN_POLL_MS || 1000);
  if (!Number.isInteger(pollMs) || pollMs < 50 || pollMs > 600_000)
    throw new Error('CHAIN_POLL_MS must be a whole number of milliseconds from 50 to 600000');
  return {
    rpcUrls,
    evmXpub: xpub(env, 'EVM_XPUB'),
    btcXpub,
    tronXpub: xpub(env, 'TRON_XPUB'),
    demoChain,
    demoChainPort: port,
    pollMs,
  };
}

function xpub(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const v = env[name]?.trim();
  if (!v) return undefined;
  if (!/^[xyz]pub[1-9A-HJ-NP-Za-km-z]{100,112}$/.test(v))
    throw new Error(`${name} must be an extended public key (xpub…); a private key (xprv…) never goes here`);
  return v;
}
