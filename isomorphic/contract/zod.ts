/**
 * zod as every contract file uses it. In the browser zod must not probe `new Function` to compile parsers: the
 * page CSP allows no eval, so the probe fails anyway and reports a CSP violation each time an island parses.
 * The server keeps the compiled parsers.
 */
import { z } from 'zod';

if (typeof window !== 'undefined') z.config({ jitless: true });

export { z };
