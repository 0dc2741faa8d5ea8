import { describe, expect, it } from 'vitest';
import { signUp } from '../../../tests/support/app.ts';
import { apiKeyFor, ccxtSpot, listeningDoor } from '../../../tests/support/binance.ts';
import { FEATURE_DIALECTS } from '../../../tests/support/databases.ts';

describe.each(FEATURE_DIALECTS)('the spot door (%s) with CCXT binance', (_name, open) => {
  const door = listeningDoor(open);

  it('answers ping and time', async () => {
    const exchange = ccxtSpot(door.base);
    expect(await exchange.fetchTime()).toBeGreaterThan(0);
    const res = await fetch(`${door.base}/api/v3/ping`);
    expect(res.headers.get('x-mbx-used-weight-1m')).toBe('2');
    expect(await res.json()).toEqual({});
  });

  it('makes a key through the web API', async () => {
    const { token } = await signUp(door.app, 'doorbot');
    const key = await apiKeyFor(door.app, token);
    expect(key.secret).toHaveLength(64);
  });
});
