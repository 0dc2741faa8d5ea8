import fc from 'fast-check';

/**
 * How many runs the property tests make. The counts written in the test files are CI-sized: the whole suite has to
 * finish inside CI's budget on two shared cores. `PROPERTY_RUNS=10 npm run test:unit` multiplies every count by
 * ten (any positive number; below 1 makes fewer runs) for a longer search before a release or after touching a
 * property's subject. Every property runs from one fixed seed, so a failure in CI comes back the same on any
 * machine, and a larger count only adds runs after the ones CI makes (fast-check draws them in order from the seed).
 */
export const PROPERTY_SEED = 20261123;

const factor = (() => {
  const raw = process.env.PROPERTY_RUNS;
  if (raw === undefined || raw === '') return 1;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`PROPERTY_RUNS must be a positive number, not "${raw}"`);
  return n;
})();

/** The options of one fc.assert: `count` runs (times PROPERTY_RUNS) from the fixed seed. */
export function runs(count: number): { numRuns: number; seed: number } {
  return { numRuns: Math.max(1, Math.round(count * factor)), seed: PROPERTY_SEED };
}

/**
 * Set once per test file by vitest's setup file: properties that name no count run fast-check's default 100
 * (times PROPERTY_RUNS), from the same fixed seed.
 */
export function configureProperties(): void {
  fc.configureGlobal({ ...runs(100) });
}
