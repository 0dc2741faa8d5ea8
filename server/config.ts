import { logFormatOf, type LogFormat } from './log/log.ts';
import { resolve } from 'node:path';
import { STOMP_PATH } from '../isomorphic/contract/private-feed.ts';
import { chainSettings, type ChainSettings } from './chain/chain-config.ts';

/** Everything the server reads from the environment, with the defaults that make `npm start` work offline. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** DATABASE_SCHEMA: the PostgreSQL schema every table goes in (several installations, or tests, on one database). */
  databaseSchema: string | undefined;
  brokerUrl: string | undefined;
  /**
   * ROLE: `all` (one process, the default), or in a cluster (server/cluster) `core` (the trading core, active or
   * standby) and `edge` (site, API and feeds, sending commands to the core); `signer` (server/chain/signer: the only
   * process holding the hot key, paying approved withdrawals and sweeping deposit addresses; no HTTP).
   */
  role: Role;
  /** Chains watched and the public keys deposit addresses come from (server/chain/chain-config.ts). */
  chain: ChainSettings;
  /** CORE_LEASE_MS: how long the active core's lease lasts unrenewed; a standby takes over this long after it dies. */
  coreLeaseMs: number;
  /** CORE_TIMEOUT_MS: how long an edge waits for the core's answer before telling the caller the outcome is unknown. */
  coreTimeoutMs: number;
  /** CORE_CONCURRENCY: forwarded requests the core carries out at once (they share its batches). */
  coreConcurrency: number;
  /** BROKER_AUTH_HOST / BROKER_AUTH_PORT: where RabbitMQ's HTTP auth backend reaches this server (with BROKER_URL). */
  brokerAuthHost: string;
  brokerAuthPort: number;
  /** STOMP_URL: the browser's STOMP socket, a path on the API's origin or a ws(s):// URL (RabbitMQ Web-STOMP). */
  stompUrl: string;
  publicApiBase: string;
  productName: string;
  storagePrefix: string;
  distDir: string;
  logLevel: string;
  /** LOG_FORMAT (server/log/log.ts): pretty lines on a terminal, JSON otherwise or when asked. */
  logFormat: LogFormat;
  /** LOG_REQUESTS=1: a line for every request and its answer (off: a terminal shows what matters). */
  logRequests: boolean;
  tokenTtlSeconds: number;
  refreshTtlSeconds: number;
  tokenRefreshSeconds: number;
  codeTtlSeconds: number;
  codeResendSeconds: number;
  authRateLimitPerMinute: number;
  loginMaxFailures: number;
  loginLockMinutes: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  smsWebhookUrl: string | undefined;
  operatorEmail: string;
  operatorPassword: string | undefined;
  trustProxy: boolean;
  whitePaperUrl: string | undefined;
  marketMakers: boolean;
  marketMakerIntervalMs: number;
  /** PRICE_FEED_URL: one or more URL templates (comma-separated); the index is their median. */
  priceFeedUrls: string[];
  /** PRICE_SAMPLE_MS: how often the index is sampled and recorded (second contracts settle on these records). */
  priceSampleMs: number;
  /** SECONDS_PRICE_AGE_MS: how long before an order opens its index may last have been confirmed by its source. */
  secondsPriceAgeMs: number;
  /** PERP_FUNDING_INTERVAL_MS: time between perpetual funding settlements (8 hours; tests shorten it). */
  perpFundingIntervalMs: number;
  /** PRICE_RECORD_DAYS: how long the recorded index, mark and last prices are kept (at least 1). */
  priceRecordDays: number;
  customerServiceUrls: string[];
  /**
   * DRIVEN_CLOCK=1: the server's clock can be moved ahead by an operator (server/clock/driven-clock.ts), for staging
   * installs and tests; refused with NODE_ENV=production.
   */
  drivenClock: boolean;
  /** API_KEY_RATE_LIMIT: signed calls a minute per API key. */
  apiKeyRatePerMinute: number;
  /**
   * API_KEY_SEAL_KEY: 32 bytes (base64) sealing API-key secrets at rest; unset, a key made on first use in the
   * database.
   */
  apiKeySealKey: Buffer | undefined;
  /** REFERRAL_PERIOD_MINUTES: how often the rebate job pays the fees of the period that ended. */
  referralPeriodMinutes: number;
  /** PROOF_INTERVAL_MINUTES: how often a proof of liabilities is published; PROOF_KEEP: how many keep their leaves. */
  proofIntervalMinutes: number;
  proofKeep: number;
}

function schemaName(env: NodeJS.ProcessEnv): string | undefined {
  const s = env.DATABASE_SCHEMA || undefined;
  if (s !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(s))
    throw new Error(`DATABASE_SCHEMA must be a lower-case SQL name, got "${s}"`);
  return s;
}

const ROLES = ['all', 'core', 'edge', 'signer'] as const;
type Role = (typeof ROLES)[number];

function role(env: NodeJS.ProcessEnv): Role {
  const r = (env.ROLE || 'all') as Role;
  if (!ROLES.includes(r)) throw new Error(`ROLE must be one of ${ROLES.join(', ')}, got "${env.ROLE}"`);
  // A cluster shares its storage and its bus: the embedded SQLite file and in-process bus are one process's.
  if (r !== 'all' && !/^postgres(ql)?:\/\//.test(env.DATABASE_URL ?? ''))
    throw new Error(`ROLE=${r} needs DATABASE_URL=postgres://…`);
  if (r !== 'all' && r !== 'signer' && !env.BROKER_URL) throw new Error(`ROLE=${r} needs BROKER_URL=amqp://…`);
  return r;
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return n;
}

function atLeastOne(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const n = int(env, name, fallback);
  if (n < 1) throw new Error(`${name} must be at least 1, got "${env[name]}"`);
  return n;
}

/** The most SECONDS_PRICE_AGE_MS may be: the tolerance of a second contract's close (server/seconds/settlement.ts). */
const SECONDS_PRICE_AGE_LIMIT_MS = 3000;

function between(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const n = int(env, name, fallback);
  if (n < min || n > max) throw new Error(`${name} must be from ${min} to ${max}, got "${env[name]}"`);
  return n;
}

function port(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const n = int(env, name, fallback);
  if (n < 1 || n > 65535) throw new Error(`${name} must be a port from 1 to 65535, got "${env[name]}"`);
  return n;
}

function stompUrl(env: NodeJS.ProcessEnv): string {
  const url = env.STOMP_URL || STOMP_PATH;
  if (!/^(\/[^/]|wss?:\/\/)/.test(url))
    throw new Error(`STOMP_URL must be a path such as /ws/stomp or a ws:// or wss:// URL, got "${url}"`);
  return url;
}

function key32(env: NodeJS.ProcessEnv, name: string): Buffer | undefined {
  const raw = env[name];
  if (!raw) return undefined;
  const key = Buffer.from(raw, 'base64');
  if (key.length !== 32) throw new Error(`${name} must be 32 bytes in base64 (openssl rand -base64 32)`);
  return key;
}

function drivenClock(env: NodeJS.ProcessEnv): boolean {
  const on = env.DRIVEN_CLOCK === '1' || env.DRIVEN_CLOCK === 'true';
  // A clock an operator can move would let them decide outcomes (settlements, expiries, interest): never for real
  // money.
  if (on && env.NODE_ENV === 'production')
    throw new Error('DRIVEN_CLOCK is for test and staging installs: it cannot be set with NODE_ENV=production');
  return on;
}

/** Reads the configuration; throws with the variable's name when a value is malformed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = resolve(env.DATA_DIR || './data');
  const priceSampleMs = atLeastOne(env, 'PRICE_SAMPLE_MS', 1000);
  return {
    port: int(env, 'PORT', 4321),
    host: env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: schemaName(env),
    brokerUrl: env.BROKER_URL || undefined,
    role: role(env),
    chain: chainSettings(env),
    coreLeaseMs: atLeastOne(env, 'CORE_LEASE_MS', 3000),
    coreTimeoutMs: atLeastOne(env, 'CORE_TIMEOUT_MS', 15_000),
    coreConcurrency: atLeastOne(env, 'CORE_CONCURRENCY', 256),
    brokerAuthHost: env.BROKER_AUTH_HOST || '127.0.0.1',
    brokerAuthPort: port(env, 'BROKER_AUTH_PORT', 4391),
    stompUrl: stompUrl(env),
    publicApiBase: (env.PUBLIC_API_BASE || '').replace(/\/$/, ''),
    productName: env.PRODUCT_NAME || 'Lumex',
    storagePrefix: env.STORAGE_PREFIX || 'lumex:',
    distDir: resolve(env.DIST_DIR || './dist'),
    logLevel: env.LOG_LEVEL || 'info',
    logFormat: logFormatOf(env),
    logRequests: env.LOG_REQUESTS === '1' || env.LOG_REQUESTS === 'true',
    tokenTtlSeconds: int(env, 'TOKEN_TTL_SECONDS', 8 * 86400),
    refreshTtlSeconds: int(env, 'REFRESH_TTL_SECONDS', 30 * 86400),
    tokenRefreshSeconds: int(env, 'TOKEN_REFRESH_SECONDS', 604800),
    codeTtlSeconds: int(env, 'CODE_TTL_SECONDS', 600),
    codeResendSeconds: int(env, 'CODE_RESEND_SECONDS', 60),
    authRateLimitPerMinute: int(env, 'AUTH_RATE_LIMIT', 30),
    loginMaxFailures: int(env, 'LOGIN_MAX_FAILURES', 5),
    loginLockMinutes: int(env, 'LOGIN_LOCK_MINUTES', 15),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Lumex <no-reply@localhost>',
    smsWebhookUrl: env.SMS_WEBHOOK_URL || undefined,
    operatorEmail: (env.OPERATOR_EMAIL || 'operator@localhost.localdomain').toLowerCase(),
    operatorPassword: env.OPERATOR_PASSWORD || undefined,
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    whitePaperUrl: env.WHITE_PAPER_URL || undefined,
    marketMakers: env.MARKET_MAKERS !== '0' && env.MARKET_MAKERS !== 'false',
    marketMakerIntervalMs: int(env, 'MARKET_MAKER_INTERVAL_MS', 2000),
    priceFeedUrls: (env.PRICE_FEED_URL || '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    priceSampleMs,
    // Two sampling periods by default (the latest sample and one that came late), never above the 3 s a close may
    // look back (server/seconds/settlement.ts): an open is never judged on an older price than a close would be.
    secondsPriceAgeMs: between(
      env,
      'SECONDS_PRICE_AGE_MS',
      Math.min(2 * priceSampleMs, SECONDS_PRICE_AGE_LIMIT_MS),
      1,
      SECONDS_PRICE_AGE_LIMIT_MS,
    ),
    priceRecordDays: atLeastOne(env, 'PRICE_RECORD_DAYS', 2),
    perpFundingIntervalMs: atLeastOne(env, 'PERP_FUNDING_INTERVAL_MS', 8 * 3_600_000),
    customerServiceUrls: (env.CUSTOMER_SERVICE_URLS || '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    drivenClock: drivenClock(env),
    apiKeyRatePerMinute: atLeastOne(env, 'API_KEY_RATE_LIMIT', 1200),
    apiKeySealKey: key32(env, 'API_KEY_SEAL_KEY'),
    referralPeriodMinutes: atLeastOne(env, 'REFERRAL_PERIOD_MINUTES', 60),
    proofIntervalMinutes: atLeastOne(env, 'PROOF_INTERVAL_MINUTES', 1440),
    proofKeep: atLeastOne(env, 'PROOF_KEEP', 30),
  };
}
