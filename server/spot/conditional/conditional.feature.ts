import type { FeatureContext } from '../../feature.ts';
import { CONDITIONAL_PART, type ConditionalBook } from './conditional-book.ts';
import { fireDueStops, STOPS_DUE } from './conditional.commands.ts';

/**
 * Start-up of the conditional orders: a command that stopped at the bound of fires with reached triggers left
 * (STOPS_DUE) is followed at once by `spot.stop.fireDue` for those markets, until none is reached; and markets a
 * restart found with reached triggers (a stop between the bound and its follow-up) are fired now. Runs where the core
 * runs: the follow-ups are commands, journaled like any, so a replay repeats them and needs no listener.
 */
export async function startConditional({ core, app }: FeatureContext): Promise<void> {
  const fireDue = (symbol: string) =>
    core.submit(fireDueStops, { symbol }).catch((err: unknown) => {
      app.log.warn({ err, symbol }, 'reached stop orders not fired');
      return 0;
    });
  core.on(STOPS_DUE, (payloads) => {
    for (const symbol of new Set((payloads as string[][]).flat())) void fireDue(symbol);
  });
  const c = core.part<ConditionalBook>(CONDITIONAL_PART);
  for (const [symbol, queue] of c.pending) {
    const last = c.last.get(symbol);
    if (last !== undefined && queue.next(last)) await fireDue(symbol);
  }
}
