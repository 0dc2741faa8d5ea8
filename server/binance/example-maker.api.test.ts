import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { signUp } from '../../tests/support/app.ts';
import { apiKeyFor, ccxtSpot, listeningDoor } from '../../tests/support/binance.ts';
import { FEATURE_DIALECTS } from '../../tests/support/databases.ts';
import { credit } from '../../tests/support/trading.ts';

/** The example in examples/ccxt-market-maker, run as its README says, against a real server. */
describe.each(FEATURE_DIALECTS)('the CCXT market maker example (%s)', (_name, open) => {
  const door = listeningDoor(open);

  it('quotes a ladder of three levels a side around the mid of the book', async () => {
    const trader = await signUp(door.app, 'exampletrader');
    const maker = await signUp(door.app, 'examplemaker');
    await credit(door.app.core, trader.id, 'USDT', 10_000n * 10n ** 8n);
    await credit(door.app.core, trader.id, 'BTC', 1n * 10n ** 8n);
    await credit(door.app.core, maker.id, 'USDT', 10_000n * 10n ** 8n);
    await credit(door.app.core, maker.id, 'BTC', 1n * 10n ** 8n);
    const other = ccxtSpot(door.base, await apiKeyFor(door.app, trader.token));
    await other.loadMarkets();
    await other.createOrder('BTC/USDT', 'limit', 'buy', 0.01, 95_000);
    await other.createOrder('BTC/USDT', 'limit', 'sell', 0.01, 97_000);

    const key = await apiKeyFor(door.app, maker.token);
    const child = spawn(process.execPath, ['examples/ccxt-market-maker/market-maker.mjs'], {
      env: { ...process.env, LUMEX_URL: door.base, LUMEX_API_KEY: key.apiKey, LUMEX_API_SECRET: key.secret },
    });
    let out = '';
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          if (out.includes('quoted')) resolve();
        });
        child.stderr.on('data', (d: Buffer) => (out += d.toString()));
        child.on('exit', (code) => reject(new Error(`the example exited with ${code}: ${out}`)));
      });
    } finally {
      child.kill();
    }
    expect(out).toMatch(/quoted 3×2 around 96000/);
    const mine = ccxtSpot(door.base, key);
    const quotes = await mine.fetchOpenOrders('BTC/USDT');
    expect(quotes.map((o) => [o.side, o.price]).sort()).toEqual([
      ['buy', 95712],
      ['buy', 95808],
      ['buy', 95904],
      ['sell', 96096],
      ['sell', 96192],
      ['sell', 96288],
    ]);
  });
});
