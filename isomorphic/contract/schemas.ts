/**
 * The server's side of the endpoint references (endpoint.ts): each schema module by its key. Only the server and
 * tests import this file; browser code that did would pull every schema and zod into its bundle.
 */
import type { z } from 'zod';
import * as apiKeys from './api-keys.ts';
import * as content from './content.schemas.ts';
import type { Part, SchemaModule } from './endpoint.ts';
import * as identity from './identity.ts';
import * as prices from './prices.ts';
import * as seconds from './seconds.ts';
import * as perpetual from './perpetual.ts';
import * as margin from './margin.ts';
import * as otc from './otc.ts';
import * as earn from './earn.ts';
import * as loan from './loan.ts';
import * as defi from './defi.ts';
import * as settings from './settings.ts';
import * as proof from './proof.ts';
import * as referral from './referral.ts';
import * as security from './security.ts';
import * as spot from './spot.ts';
import * as user from './user.ts';
import * as wallet from './wallet.ts';
import * as chain from './chain.ts';
import * as fees from './fees.ts';
import * as alerts from './alerts.ts';

const MODULES: Record<SchemaModule, Record<string, unknown>> = {
  user,
  wallet,
  spot,
  content,
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
};

/** The zod schema a part names, or undefined for a type-only part (an answer, a multipart body). */
export function schemaOf(part: Part | undefined): z.ZodType | undefined {
  if (part?.kind !== 'schema') return undefined;
  const found = MODULES[part.module]?.[part.name] as z.ZodType | undefined;
  if (typeof found?.safeParse !== 'function') throw new Error(`no schema ${part.module}.${part.name}`);
  return found;
}
