import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'isomorphic/**/*.test.ts',
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'server/**/*.test.ts',
      'tests/unit/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The storage tests share one PostgreSQL database; files run in parallel but each file owns its schema.
    // Chosen for two cores, measured on the 2-core machine (2026-12-01, the whole suite with PostgreSQL and
    // RabbitMQ): vitest's default of cores − 1 ran one file at a time (486 s before the other changes of issue 25);
    // forks with 2 workers 189 s, with 3 workers 192 s (the tests are CPU-bound: a third worker only queues), threads
    // with 2 workers 190 s. Forks keep each file in its own process (signal handlers, env, the process-wide SQLite and
    // socket state of the server under test); isolation stays on: vitest estimates 14 s (7%) saved without it, not
    // worth files sharing module state. VITEST_WORKERS overrides the count on a larger machine.
    pool: 'forks',
    maxWorkers: Number(process.env.VITEST_WORKERS ?? 2),
    setupFiles: ['tests/support/vitest-setup.ts'],
  },
});
