/** The server of the end-to-end run: a fresh data folder each time, then the real entry point. */
import { rmSync } from 'node:fs';

rmSync(process.env.DATA_DIR!, { recursive: true, force: true });
await import('../../server/main.ts');
