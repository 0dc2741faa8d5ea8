import type { FeatureContext, FeatureJob } from '../feature.ts';
import type { CorePart } from '../core/command.ts';
import type { Db } from '../storage/db.ts';
import { SpotMarkets } from './markets.ts';
import { SpotBooks } from './spot-books.ts';

/** Spot's part of the core: the books, on the markets as the database lists them when the core is built. */
export async function spotParts(_options: unknown, db: Db): Promise<readonly CorePart[]> {
  return [new SpotBooks(await SpotMarkets.load(db))];
}

/**
 * Candles are written once a second in one transaction, not after every batch (server/market-data/market-data.ts):
 * in the process that owns the core, on the app's clock.
 */
export function spotJobs({ marketData }: FeatureContext): FeatureJob[] {
  return [{ name: 'exchange.candles', everyMs: 1000, where: 'core', run: () => marketData.flush() }];
}
