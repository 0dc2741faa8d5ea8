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
  return {
    rpcUrls,
    evmXpub: xpub(env, 'EVM_XPUB'),
    btcXpub: xpub(env, 'BTC_XPUB'),
    tronXpub: xpub(env, 'TRON_XPUB'),
    demoChain,
    demoChainPort: port,
  };
}

function xpub(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const v = env[name]?.trim();
  if (!v) return undefined;
  if (!/^[xyz]pub[1-9A-HJ-NP-Za-km-z]{100,112}$/.test(v))
    throw new Error(`${name} must be an extended public key (xpub…); a private key (xprv…) never goes here`);
  return v;
}
