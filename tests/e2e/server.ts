/**
 * The server of the end-to-end run: a fresh data folder each time, then the real entry point. Journeys that move
 * time run it with DRIVEN_CLOCK=1 (tests/e2e/own-server.ts), as a staging install would.
 */
import { rmSync } from 'node:fs';
import { serve } from '../../server/serve.ts';

rmSync(process.env.DATA_DIR!, { recursive: true, force: true });

await serve();
