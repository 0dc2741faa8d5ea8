import type { FeatureContext, FeatureJob } from '../feature.ts';
import type { CorePart } from '../core/command.ts';
import type { Db } from '../storage/db.ts';
import { SpotMarkets } from './markets.ts';
import { SpotBooks } from './spot-books.ts';
import { ConditionalBook } from './conditional/conditional-book.ts';
import { conditionalListener } from './conditional/conditional.commands.ts';

/**
 * Spot's parts of the core: the books, on the markets as the database lists them when the core is built, and the
 * conditional orders, which listen to every match on them (after the books, so they load and restore after them).
 */
export async function spotParts(_options: unknown, db: Db): Promise<readonly CorePart[]> {
  const books = new SpotBooks(await SpotMarkets.load(db));
  const conditional = new ConditionalBook();
  books.listener = conditionalListener(conditional);
  return [books, conditional];
}

/**
 * Candles are written once a second in one transaction, not after every batch (server/market-data/market-data.ts):
 * in the process that owns the core, on the app's clock.
 */
export function spotJobs({ marketData }: FeatureContext): FeatureJob[] {
  return [{ name: 'exchange.candles', everyMs: 1000, where: 'core', run: () => marketData.flush() }];
}
