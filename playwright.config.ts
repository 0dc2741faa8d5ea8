import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4410);
/**
 * The demo chain's JSON-RPC port (DEMO_CHAIN_PORT), fixed so journeys can read the chain itself
 * (tests/e2e/chain.spec.ts checks a withdrawal arrived); E2E_CHAIN_PORT when the default is taken.
 */
export const E2E_CHAIN_PORT = Number(process.env.E2E_CHAIN_PORT ?? PORT + 1000);
export const E2E_DATA_DIR = 'tests/.artifacts/e2e-data';

/**
 * End-to-end journeys in Debian's Chromium against the real server on a real database file and real sockets.
 * The server starts on a fresh data folder each run (see tests/e2e/server.ts).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  // A journey's whole budget. Journeys open several pages and browsers at once, and on a shared two-core machine
  // running two of them side by side each page load can take seconds (one that passed in 35 s took 60 s there);
  // every step is still held to the expect time-out below, so a step that hangs fails as soon as it would have.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'tests/.artifacts/playwright.json' }]],
  outputDir: 'tests/.artifacts/playwright-output',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1366, height: 900 },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    command: 'node tests/e2e/server.ts',
    url: `http://127.0.0.1:${PORT}/platform/dev/config.js`,
    reuseExistingServer: false,
    // A journey's whole budget. Journeys open several pages and browsers at once, and on a shared two-core machine
    // running two of them side by side each page load can take seconds (one that passed in 35 s took 60 s there);
    // every step is still held to the expect time-out below, so a step that hangs fails as soon as it would have.
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '10000',
      CODE_RESEND_SECONDS: '0',
      WHITE_PAPER_URL: '',
      CUSTOMER_SERVICE_URLS: '',
      MARKET_MAKERS: '0',
      OPERATOR_PASSWORD: 'e2e-operator-1',
      DEMO_CHAIN_PORT: String(E2E_CHAIN_PORT),
    },
  },
});
