/**
 * `npm run format`: Biome formats the tree (biome.jsonc says which files and how), scripts/rewrap-comments.ts
 * rewraps the comments wider than 120 columns in .ts, .tsx and .mjs files (a formatter leaves comments alone), and
 * Biome runs once more: its first pass over a file is not always its last word (a chain it breaks may be joined on
 * the next), and `biome ci` in `npm run check` wants the settled form. It ends by counting what `npm run check`'s
 * column rule would still refuse. Running it again changes nothing.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { lineWidthProblems, sourceFiles } from './line-width.ts';
import { rewrapComments } from './rewrap-comments.ts';

const biome = () => execFileSync('npx', ['biome', 'format', '--write', '.'], { stdio: 'inherit' });

biome();
const files = sourceFiles();
let rewrapped = 0;
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const wrapped = rewrapComments(file, text);
  if (wrapped !== text) {
    writeFileSync(file, wrapped);
    rewrapped++;
  }
}
biome();
const problems = lineWidthProblems(files);
console.log(`Comments rewrapped in ${rewrapped} files.`);
console.log(
  problems.length === 0 ? 'No line is too wide.' : `Still too wide (npm run check fails):\n${problems.join('\n')}`,
);
