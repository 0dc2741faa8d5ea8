/** Every endpoint of the product API, for the tests that check the server declares exactly these. */
import type { AnyEndpoint } from './endpoint.ts';
import * as admin from './admin.endpoints.ts';
import * as apiKeys from './api-keys.endpoints.ts';
import * as common from './common.endpoints.ts';
import * as content from './content.endpoints.ts';
import * as identity from './identity.endpoints.ts';
import * as prices from './prices.endpoints.ts';
import * as seconds from './seconds.endpoints.ts';
import * as perpetual from './perpetual.endpoints.ts';
import * as margin from './margin.endpoints.ts';
import * as otc from './otc.endpoints.ts';
import * as earn from './earn.endpoints.ts';
import * as loan from './loan.endpoints.ts';
import * as defi from './defi.endpoints.ts';
import * as proof from './proof.endpoints.ts';
import * as referral from './referral.endpoints.ts';
import * as security from './security.endpoints.ts';
import * as settings from './settings.endpoints.ts';
import * as spot from './spot.endpoints.ts';
import * as user from './user.endpoints.ts';
import * as wallet from './wallet.endpoints.ts';
import * as chain from './chain.endpoints.ts';
import * as fees from './fees.endpoints.ts';
import * as alerts from './alerts.endpoints.ts';

export const ENDPOINTS: readonly AnyEndpoint[] = [
  user,
  common,
  content,
  spot,
  wallet,
  admin,
  prices,
  seconds,
  security,
  identity,
  apiKeys,
  referral,
  proof,
  perpetual,
  margin,
  otc,
  earn,
  loan,
  defi,
  settings,
  chain,
  fees,
  alerts,
].flatMap((m) => Object.values(m) as AnyEndpoint[]);
