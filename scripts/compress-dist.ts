import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * How hard to compress. `max` (brotli 11, gzip 9) is for `npm run build`, what gets deployed: about 30 s for the
 * site's ~700 files on a 2-core machine. `fast` (brotli 5, gzip 6) is for `npm start` and the test runs: about
 * 1.3 s, for files ~10% larger, so a first start answers in seconds.
 */
export type Level = 'max' | 'fast';
const LEVELS: Record<Level, { brotli: number; gzip: number }> = {
  max: { brotli: 11, gzip: 9 },
  fast: { brotli: 5, gzip: 6 },
};
const TEXT = /\.(html|js|mjs|css|svg|json|xml|txt)$/;

/**
 * Writes .br and .gz beside every text asset of `root`, which the server sends to browsers that accept them; returns
 * how many.
 */
export function compressDist(root: string, level: Level): number {
  const { brotli, gzip } = LEVELS[level];
  let count = 0;
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (TEXT.test(name)) {
        const data = readFileSync(path);
        if (data.length < 512) continue;
        writeFileSync(`${path}.gz`, gzipSync(data, { level: gzip }));
        writeFileSync(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: brotli } }));
        count++;
      }
    }
  };
  walk(root);
  return count;
}

// `node scripts/compress-dist.ts [dir] [--fast]`
if (import.meta.main) {
  const args = process.argv.slice(2);
  const root = args.find((a) => !a.startsWith('--')) ?? 'dist';
  const level: Level = args.includes('--fast') ? 'fast' : 'max';
  console.log(`compressed ${compressDist(root, level)} files in ${root}/ (${level})`);
}
