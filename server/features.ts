import { DEVICES_MIGRATION } from './account/devices/devices.migration.ts';
import { deviceRoutes } from './account/devices/devices.routes.ts';
import { SECURITY_MIGRATION } from './account/security/security.migration.ts';
import { securityRoutes } from './account/security/security.routes.ts';
import { adminRoutes } from './admin/admin.routes.ts';
import { API_KEYS_MIGRATION } from './api-keys/api-keys.migration.ts';
import { API_KEY_TYPES_MIGRATION } from './api-keys/key-types.migration.ts';
import { apiKeyRoutes } from './api-keys/api-keys.routes.ts';
import { ALERTS_FEATURE } from './alerts/alerts.feature.ts';
import { BINANCE_FEATURE } from './binance/binance.feature.ts';
import { commonRoutes } from './common/common.routes.ts';
import { CONTENT_MIGRATION } from './content/content.migration.ts';
import { contentRoutes } from './content/content.routes.ts';
import { EXCHANGE_MIGRATION } from './spot/spot.migration.ts';
import { spotRoutes, waitForProjector } from './spot/spot.routes.ts';
import { spotJobs } from './spot/spot.feature.ts';
import { feedSockets, publicFeed } from './feeds/public/public-feed.ts';
import { SPOT_JOURNAL_MIGRATION } from './core/journal/spot-journal.migration.ts';
import { SPOT_COMMANDS } from './spot/spot.commands.ts';
import { CONDITIONAL_COMMANDS } from './spot/conditional/conditional.commands.ts';
import { CONDITIONAL_MIGRATION } from './spot/conditional/conditional.migration.ts';
import { conditionalRoutes } from './spot/conditional/conditional.routes.ts';
import { startConditional } from './spot/conditional/conditional.feature.ts';
import { CORE_MIGRATION } from './core/journal/core-journal.migration.ts';
import { PROJECTED_KEYS_MIGRATION } from './core/projected-keys.migration.ts';
import { PRICE_BAND_MIGRATION } from './spot/price-band.migration.ts';
import { spotQueryRoutes } from './spot/spot-queries.routes.ts';
import { marketDataRoutes } from './market-data/market-data.routes.ts';
import type { Feature } from './feature.ts';
import { CORE_PARTS } from './core-parts.ts';
import { accountFeeds } from './feeds/feeds.ts';
import { IDENTITY_MIGRATION } from './identity/identity.migration.ts';
import { identityRoutes } from './identity/identity.routes.ts';
import { WITHDRAW_LIMIT_MIGRATION } from './identity/withdraw-limit.migration.ts';
import { JOBS_MIGRATION } from './jobs/jobs.migration.ts';
import { LEDGER_MIGRATION } from './ledger/ledger.migration.ts';
import { PRICES_MIGRATION } from './prices/prices.migration.ts';
import { priceRoutes } from './prices/prices.routes.ts';
import { SECONDS_MIGRATION } from './seconds/seconds.migration.ts';
import { SECONDS_COMMANDS } from './seconds/seconds.commands.ts';
import { secondsJobs, startSeconds } from './seconds/seconds.feature.ts';
import { secondsRoutes } from './seconds/seconds.routes.ts';
import { PERPETUAL_MIGRATION } from './perpetual/perpetual.migration.ts';
import { PERP_TRAILING_MIGRATION } from './perpetual/trailing.migration.ts';
import { PERP_CONDITIONAL_MIGRATION } from './perpetual/perp-conditional.migration.ts';
import { CONDITIONAL_COMMANDS as PERP_CONDITIONAL_COMMANDS } from './perpetual/perp-conditional.ts';
import { TRAILING_COMMANDS } from './perpetual/trailing.ts';
import { CLOSE_COMMANDS } from './perpetual/position-close.ts';
import { ORDER_COMMANDS } from './perpetual/perp-orders.ts';
import { POSITION_COMMANDS } from './perpetual/perp-positions.ts';
import { TICK_COMMANDS } from './perpetual/perp-ticks.ts';
import { perpetualJobs, startPerpetual } from './perpetual/perpetual.feature.ts';
import { perpRoutes } from './perpetual/perp.routes.ts';
import { MARGIN_MIGRATION } from './margin/margin.migration.ts';
import { MARGIN_ACCOUNT_COMMANDS } from './margin/margin-commands.ts';
import { MARGIN_TICK_COMMANDS } from './margin/margin-ticks.ts';
import { marginJobs, startMargin } from './margin/margin.feature.ts';
import { marginRoutes } from './margin/margin.routes.ts';
import { OTC_MIGRATION } from './otc/otc.migration.ts';
import { OTC_COMMANDS } from './otc/otc-commands.ts';
import { otcJobs, startOtc } from './otc/otc.feature.ts';
import { otcRoutes } from './otc/otc.routes.ts';
import { EARN_MIGRATION } from './earn/earn.migration.ts';
import { FLEXIBLE_MIGRATION } from './earn/flexible.migration.ts';
import { EARN_NAMES_MIGRATION } from './earn/earn-names.migration.ts';
import { EARN_COMMANDS } from './earn/earn-commands.ts';
import { earnJobs, startEarn } from './earn/earn.feature.ts';
import { earnRoutes } from './earn/earn.routes.ts';
import { LOAN_MIGRATION } from './loan/loan.migration.ts';
import { LOAN_NAMES_MIGRATION } from './loan/loan-names.migration.ts';
import { LOAN_COMMANDS } from './loan/loan-commands.ts';
import { loanJobs, startLoans } from './loan/loan.feature.ts';
import { loanRoutes } from './loan/loan.routes.ts';
import { DEFI_MIGRATION } from './defi/defi.migration.ts';
import { defiRoutes } from './defi/defi.routes.ts';
import { PROOF_MIGRATION } from './proof/proof.migration.ts';
import { proofJobs } from './proof/proof.feature.ts';
import { proofRoutes } from './proof/proof.routes.ts';
import { REFERRAL_MIGRATION } from './referral/referral.migration.ts';
import { referralJobs } from './referral/referral.feature.ts';
import { referralRoutes } from './referral/referral.routes.ts';
import { settingsRoutes } from './settings/settings.routes.ts';
import { serveSite } from './site/site.ts';
import type { Migration } from './storage/migrations.ts';
import { AUTH_LOCKS_MIGRATION } from './user/auth-locks.migration.ts';
import { USER_MIGRATION } from './user/user.migration.ts';
import { userRoutes } from './user/user.routes.ts';
import { REPLAY_MIGRATION } from './wallet/replay.migration.ts';
import { seedDeskAtStart } from './wallet/swap-desk.ts';
import { UPLOADS_OWNER_MIGRATION } from './wallet/uploads.migration.ts';
import { WALLET_MIGRATION } from './wallet/wallet.migration.ts';
import { walletRoutes } from './wallet/wallet.routes.ts';
import { CHAIN_MIGRATION } from './chain/chain.migration.ts';
import { MANUAL_ADDRESSES_MIGRATION } from './chain/manual-addresses.migration.ts';
import { manualAddressRoutes } from './chain/manual-addresses.routes.ts';
import { depositJobs, depositRoutes } from './chain/deposits/deposits.feature.ts';
import { chainPayoutJobs, startChainPayouts } from './chain/payouts/payouts.feature.ts';
import { chainPayoutRoutes } from './chain/payouts/payouts.routes.ts';
import { FEE_RATES_MIGRATION } from './fees/fee-rates.migration.ts';
import { FEES_MIGRATION } from './fees/fees.migration.ts';
import { FEES_COMMANDS } from './fees/fees.commands.ts';
import { feeJobs } from './fees/fees.feature.ts';
import { feeRoutes } from './fees/fees.routes.ts';
import { PERP_TRADE_FEES_MIGRATION } from './perpetual/trade-fees.migration.ts';
import { PERP_TRADE_REALISED_MIGRATION } from './perpetual/trade-realised.migration.ts';

/**
 * The one list of features (docs/architecture.md, "Features registry"): the server and the tests take every schema
 * change from here, so the storage layer imports no feature, and server/app.ts plugs in each feature's start-up work,
 * server-wide installs and routes from here. Migration versions are global and applied in order, whatever the feature;
 * a new migration takes the next free number.
 *
 * The order is the order of registration, and it matters where a feature installs something server-wide: the
 * spot feature's wait for the projector reaches every route after it (accounts, settings and content never wait), the
 * websocket plugin comes before every feed, and the site comes last, answering whatever no route does.
 */
export const FEATURES: Feature[] = [
  { name: 'user', migrations: [USER_MIGRATION, AUTH_LOCKS_MIGRATION], routes: userRoutes },
  { name: 'account-security', migrations: [SECURITY_MIGRATION], routes: securityRoutes },
  { name: 'account-devices', migrations: [DEVICES_MIGRATION], routes: deviceRoutes },
  { name: 'common', migrations: [], routes: commonRoutes },
  { name: 'settings', migrations: [], routes: settingsRoutes },
  { name: 'content', migrations: [CONTENT_MIGRATION], routes: contentRoutes },
  { name: 'ledger', migrations: [LEDGER_MIGRATION] },
  {
    name: 'spot',
    migrations: [EXCHANGE_MIGRATION, SPOT_JOURNAL_MIGRATION, PRICE_BAND_MIGRATION, CONDITIONAL_MIGRATION],
    commands: [...SPOT_COMMANDS, ...CONDITIONAL_COMMANDS],
    coreParts: CORE_PARTS.spot,
    jobs: spotJobs,
    install: waitForProjector,
    routes: spotRoutes,
  },
  { name: 'market-data', migrations: [], routes: marketDataRoutes },
  { name: 'spot-queries', migrations: [], routes: spotQueryRoutes },
  { name: 'spot-conditional', migrations: [], start: startConditional, routes: conditionalRoutes },
  { name: 'prices', migrations: [PRICES_MIGRATION], routes: priceRoutes },
  { name: 'public-feed', migrations: [], install: feedSockets, routes: publicFeed },
  { name: 'account-feeds', migrations: [], routes: accountFeeds },
  {
    name: 'wallet',
    migrations: [WALLET_MIGRATION, REPLAY_MIGRATION, UPLOADS_OWNER_MIGRATION],
    coreParts: CORE_PARTS.wallet,
    start: seedDeskAtStart,
    routes: walletRoutes,
  },
  {
    name: 'chain',
    migrations: [CHAIN_MIGRATION, MANUAL_ADDRESSES_MIGRATION],
    jobs: depositJobs,
    routes: depositRoutes,
  },
  { name: 'chain-addresses', migrations: [], routes: manualAddressRoutes },
  {
    name: 'chain-payouts',
    migrations: [],
    start: startChainPayouts,
    jobs: chainPayoutJobs,
    routes: chainPayoutRoutes,
  },
  {
    name: 'seconds',
    migrations: [SECONDS_MIGRATION],
    commands: SECONDS_COMMANDS,
    coreParts: CORE_PARTS.seconds,
    start: startSeconds,
    jobs: secondsJobs,
    routes: secondsRoutes,
  },
  {
    name: 'perpetual',
    migrations: [
      PERPETUAL_MIGRATION,
      PERP_TRADE_FEES_MIGRATION,
      PERP_TRAILING_MIGRATION,
      PERP_TRADE_REALISED_MIGRATION,
      PERP_CONDITIONAL_MIGRATION,
    ],
    commands: [
      ...ORDER_COMMANDS,
      ...POSITION_COMMANDS,
      ...TICK_COMMANDS,
      ...TRAILING_COMMANDS,
      ...CLOSE_COMMANDS,
      ...PERP_CONDITIONAL_COMMANDS,
    ],
    coreParts: CORE_PARTS.perpetual,
    start: startPerpetual,
    jobs: perpetualJobs,
    routes: perpRoutes,
  },
  {
    name: 'margin',
    migrations: [MARGIN_MIGRATION],
    commands: [...MARGIN_ACCOUNT_COMMANDS, ...MARGIN_TICK_COMMANDS],
    coreParts: CORE_PARTS.margin,
    start: startMargin,
    jobs: marginJobs,
    routes: marginRoutes,
  },
  {
    name: 'otc',
    migrations: [OTC_MIGRATION],
    commands: OTC_COMMANDS,
    coreParts: CORE_PARTS.otc,
    start: startOtc,
    jobs: otcJobs,
    routes: otcRoutes,
  },
  {
    name: 'earn',
    migrations: [EARN_MIGRATION, FLEXIBLE_MIGRATION, EARN_NAMES_MIGRATION],
    commands: EARN_COMMANDS,
    coreParts: CORE_PARTS.earn,
    start: startEarn,
    jobs: earnJobs,
    routes: earnRoutes,
  },
  { name: 'defi', migrations: [DEFI_MIGRATION], routes: defiRoutes },
  {
    name: 'loan',
    migrations: [LOAN_MIGRATION, LOAN_NAMES_MIGRATION],
    commands: LOAN_COMMANDS,
    coreParts: CORE_PARTS.loan,
    start: startLoans,
    jobs: loanJobs,
    routes: loanRoutes,
  },
  { name: 'admin', migrations: [], routes: adminRoutes },
  {
    name: 'fees',
    migrations: [FEES_MIGRATION, FEE_RATES_MIGRATION],
    commands: FEES_COMMANDS,
    coreParts: CORE_PARTS.fees,
    jobs: feeJobs,
    routes: feeRoutes,
  },
  { name: 'referral', migrations: [REFERRAL_MIGRATION], jobs: referralJobs, routes: referralRoutes },
  { name: 'proof', migrations: [PROOF_MIGRATION], jobs: proofJobs, routes: proofRoutes },
  { name: 'jobs', migrations: [JOBS_MIGRATION] },
  { name: 'core', migrations: [CORE_MIGRATION, PROJECTED_KEYS_MIGRATION] },
  { name: 'identity', migrations: [IDENTITY_MIGRATION, WITHDRAW_LIMIT_MIGRATION], routes: identityRoutes },
  { name: 'api-keys', migrations: [API_KEYS_MIGRATION, API_KEY_TYPES_MIGRATION], routes: apiKeyRoutes },
  BINANCE_FEATURE,
  ALERTS_FEATURE,
  { name: 'site', migrations: [], install: serveSite },
];

export const MIGRATIONS: Migration[] = FEATURES.flatMap((f) => f.migrations);
