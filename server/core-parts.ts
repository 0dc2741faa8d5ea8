import type { Feature } from './feature.ts';
import { EarnBook } from './earn/earn-book.ts';
import { FeeBook } from './fees/fee-book.ts';
import { LoanBook } from './loan/loan-book.ts';
import { MarginBook } from './margin/margin-book.ts';
import { OtcBook } from './otc/otc-book.ts';
import { perpBook } from './perpetual/perpetual.feature.ts';
import { SecondsBook } from './seconds/seconds-book.ts';
import { spotParts } from './spot/spot.feature.ts';
import { withdrawalHolds } from './wallet/withdrawal-holds.ts';

/**
 * Each feature's parts of the trading core, by feature name: server/features.ts plugs them in, and the projector's
 * worker thread (server/core/projector-thread.ts) builds their writers from here without loading every route.
 */
export const CORE_PARTS = {
  spot: spotParts,
  wallet: () => [withdrawalHolds],
  seconds: () => [new SecondsBook()],
  perpetual: (o) => [perpBook(o.perpFundingIntervalMs)],
  margin: () => [new MarginBook()],
  otc: () => [new OtcBook()],
  earn: () => [new EarnBook()],
  loan: () => [new LoanBook()],
  fees: () => [new FeeBook()],
} satisfies Record<string, NonNullable<Feature['coreParts']>>;
