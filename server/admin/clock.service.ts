import type { ClockState } from '../../isomorphic/contract/settings.ts';
import type { Clock } from '../clock/clock.ts';
import { DrivenClock } from '../clock/driven-clock.ts';
import { fail } from '../outcome.ts';
import type { Db } from '../storage/db.ts';
import { audit } from '../audit/audit.ts';

/** The server's clock as operators see it: driven (DRIVEN_CLOCK=1) or the machine's. */
export function clockState(clock: Clock): ClockState {
  return {
    driven: clock instanceof DrivenClock,
    now: clock.now(),
    offsetMs: clock instanceof DrivenClock ? clock.offsetMs : 0,
  };
}

/**
 * Moves a driven clock `ms` ahead, with its audit line; an install on the machine's clock has no such call (notFound).
 */
export async function advanceClock(db: Db, clock: Clock, operatorId: number, ms: number): Promise<ClockState> {
  if (!(clock instanceof DrivenClock)) fail('notFound');
  const from = clock.now();
  clock.advance(ms);
  await audit(db, operatorId, 'clock.advance', 'clock', 'server', { ms, from, to: clock.now() });
  return clockState(clock);
}
