/**
 * The server of the end-to-end run: a fresh data folder each time, then the real entry point. With E2E_CLOCK=1
 * (journeys of own-server.ts) the server's clock is the system clock plus an offset the test moves over the IPC
 * channel ({ advanceClock: ms }, answered with { clockAdvanced: offset }): time-driven jobs (hourly interest) then
 * see their hour pass within their next check, without the test sleeping.
 */
import { rmSync } from 'node:fs';
import { systemClock, type Clock } from '../../server/clock/clock.ts';
import { serve } from '../../server/serve.ts';

rmSync(process.env.DATA_DIR!, { recursive: true, force: true });

function testClock(): Clock {
  let offset = 0;
  process.on('message', (m: { advanceClock?: number }) => {
    if (typeof m?.advanceClock !== 'number') return;
    offset += m.advanceClock;
    process.send?.({ clockAdvanced: offset });
  });
  return { now: () => Date.now() + offset, after: systemClock.after };
}

await serve({ clock: process.env.E2E_CLOCK === '1' ? testClock() : undefined });
