/**
 * The runtime settings a browser reads from `{origin}/platform/dev/config.js` (docs/requirements.md §7), which sets
 * `window.__PLATFORM__` before any island runs. Static pages stay the same across installs; this script is
 * what differs.
 */
export interface PlatformConfig {
  /** Origin of the product API, '' when it is the site's own. */
  apiBase: string;
  productName: string;
  /** Prefix of every localStorage key the site writes (docs/requirements.md §9). */
  storagePrefix: string;
  /** Age in seconds at which the client refreshes its token (docs/requirements.md §9: 604800). */
  tokenRefreshSeconds: number;
  /** SPKI public key (base64) that sealed bodies are encrypted with. */
  sealKey: string;
  /** Per channel, whether verification codes leave the server (SMTP_URL, SMS_WEBHOOK_URL); when not, they wait in
   * the operator console's outbox and the site says so instead of "sent". */
  deliversCodes: { email: boolean; sms: boolean };
  /** The STOMP socket (STOMP_URL): a path on the API's origin (the embedded `/ws/stomp`) or a ws(s):// URL of RabbitMQ
   * Web-STOMP. Either takes the same CONNECT (login: user id, passcode: token) and destinations. */
  stompUrl: string;
  /** True when no PRICE_FEED_URL is set: prices are a random walk and the built-in market makers make all turnover. */
  demoPrices: boolean;
  /** How deposits are held, from the chain settings (server/site/custody.ts): what the home page says of custody. */
  custody: Custody;
}

/**
 * `evm`: `demo` (the local demo chain), `hot` (real EVM chains, named in `chains`: deposits swept into the hot wallet,
 * its key with the signer) or `none` (no chain: operators book deposits and withdrawals). `ownKeys`: the networks
 * whose deposit addresses come from the operator's own public key (BTC_XPUB, TRON_XPUB). There is no cold wallet
 * setting, so the page never claims one.
 */
export interface Custody {
  evm: 'demo' | 'hot' | 'none';
  chains: string[];
  ownKeys: string[];
}

export const PLATFORM_GLOBAL = '__PLATFORM__';
