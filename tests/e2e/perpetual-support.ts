import { createServer, type Server } from 'node:http';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { ContractView, PerpPosition } from '../../isomorphic/contract/perpetual.ts';
import { formatAmount, formatAssetAmount } from '../../isomorphic/format/index.ts';
import { expect, test } from './fixtures.ts';
import { operatorToken, ownServer } from './own-server.ts';
import { createAccount, uniqueName } from './support.ts';
/**
 * Perpetual futures need an index the test can move (a tiny price feed on loopback, the server's PRICE_FEED_URL)
 * and a counterparty: this journey runs its own server on its own data folder and port, with a market maker
 * account (through the API) resting orders on both sides of the book.
 */
const SHOTS = 'tests/.artifacts/screens';
/** Funding every 30 s; a journey moves the server's driven clock to the next funding time instead of waiting for it. */
export const FUNDING_MS = 30_000;
/**
 * The journey's server and what its tests share (call at the top of a spec file): its own server on E2E_PORT +
 * `offset` with a price feed on the port after it, funding every FUNDING_MS, a driven clock, and a market maker.
 */
export function perpetualServer(name: string, offset: number) {
  const FEED_PORT = Number(process.env.E2E_PORT ?? 4410) + offset + 1;
  /** The index the test moves: served on loopback at a port of its own, next to the journey's server. */
  const index: Record<string, string> = { BTCUSDT: '96500.00', ETHUSDT: '3450.00' };
  let feed: Server;

  // The feed listens before the journey's server starts and asks it for the index.
  test.beforeAll(async () => {
    feed = createServer((req, res) => {
      const symbol = decodeURIComponent((req.url ?? '').slice(1));
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(index[symbol] ? { price: index[symbol] } : { error: 'unknown' }));
    });
    await new Promise<void>((resolve) => feed.listen(FEED_PORT, '127.0.0.1', resolve));
  });
  test.afterAll(async () => {
    await new Promise((resolve) => feed.close(resolve));
  });

  const BASE = ownServer(name, offset, {
    MARKET_MAKERS: '0',
    PRICE_FEED_URL: `http://127.0.0.1:${FEED_PORT}/{SYMBOL}`,
    PERP_FUNDING_INTERVAL_MS: String(FUNDING_MS),
    DRIVEN_CLOCK: '1',
  });

  async function json<T>(res: Promise<{ json(): Promise<unknown> }>): Promise<{ code: number; msg: string; data: T }> {
    return (await (await res).json()) as { code: number; msg: string; data: T };
  }

  async function login(request: APIRequestContext, username: string): Promise<string> {
    return (
      await json<{ token: string }>(
        request.post(`${BASE}/api/user/login`, { data: { type: 'account', username, password: 'abc123' } }),
      )
    ).data.token;
  }

  async function credit(request: APIRequestContext, username: string, asset: string, amount: string): Promise<void> {
    const ops = await operatorToken(request);
    expect(
      (
        await json(
          request.post(`${BASE}/api/admin/credit`, {
            headers: { authorization: ops },
            data: { username, asset, amount },
          }),
        )
      ).code,
    ).toBe(200);
  }

  /** Display decimals of each asset, as the wallet shows them. */
  async function assetDecimals(request: APIRequestContext, token: string): Promise<Record<string, number>> {
    const rows = (
      await json<Array<{ coin: string; displayDecimals: number }>>(
        request.post(`${BASE}/api/asset/getCurrencyAccount?type=2`, { headers: { authorization: token } }),
      )
    ).data;
    return Object.fromEntries(rows.map((r) => [r.coin, r.displayDecimals]));
  }

  const contracts = async (request: APIRequestContext) =>
    (await json<ContractView[]>(request.get(`${BASE}/api/app/coin/open/getContract`))).data;
  const positionsOf = async (request: APIRequestContext, token: string) =>
    (
      await json<PerpPosition[]>(
        request.post(`${BASE}/api/contract/position/list`, { headers: { authorization: token } }),
      )
    ).data;

  /**
   * A market maker: 1,000,000 USDT and 10 BTC in the contract account, ten levels each side of BTCUSDT, ETHUSDT and
   * BTCUSD around the index, enough for every order of the journeys to fill at market.
   */
  async function marketMaker(request: APIRequestContext): Promise<void> {
    const name = uniqueName('perp_maker');
    await createAccount(request, name);
    await credit(request, name, 'USDT', '1000000');
    await credit(request, name, 'BTC', '10');
    const token = await login(request, name);
    const h = { authorization: token };
    for (const [coin, amount] of [
      ['USDT', '1000000'],
      ['BTC', '10'],
    ]) {
      expect(
        (
          await json(
            request.post(`${BASE}/api/asset/transferFunds`, { headers: h, data: { coin, from: 1, to: 2, amount } }),
          )
        ).code,
      ).toBe(200);
    }
    for (const c of (await contracts(request)).filter((x) => x.symbol !== 'ethusd_perp')) {
      expect(
        (
          await json(
            request.post(`${BASE}/api/app/coin/contract/updateLeverageRadio`, {
              headers: h,
              data: { symbol: c.symbol, leverage: 10, marginMode: 'cross' },
            }),
          )
        ).code,
      ).toBe(200);
      const mark = Number(c.mark);
      const step = c.base === 'BTC' ? 10 : 0.5;
      const quantity = c.kind === 'coin' ? '100' : c.base === 'BTC' ? '0.5' : '5';
      for (let i = 1; i <= 10; i++) {
        for (const [side, price] of [
          ['buy', mark - i * step],
          ['sell', mark + i * step],
        ] as const) {
          const placed = await json(
            request.post(`${BASE}/api/contract/order/submit`, {
              headers: h,
              data: { symbol: c.symbol, side, type: 'limit', price: price.toFixed(c.priceScale), quantity },
            }),
          );
          expect(placed.code, placed.msg).toBe(200);
        }
      }
    }
  }

  test.beforeAll(async ({ request }) => {
    // The marks come from the feed's index within a sampling period or two.
    await expect
      .poll(async () => (await contracts(request)).find((c) => c.symbol === 'btcusdt_perp')?.mark, { timeout: 20_000 })
      .toBe('96500.0');
    await marketMaker(request);
  });

  /** A whole-page screenshot from the top, so the sticky bar sits where it belongs. */
  async function shot(page: Page, name: string): Promise<void> {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  }

  /** A row's cell by its test id. */
  const cell = (row: Locator, id: string) => row.getByTestId(id);

  /**
   * The position row shows what the API says, number for number (marks move: both are read again until they agree).
   * Size, entry, liquidation price and margin at the contract's precision and the asset's two decimals.
   */
  async function rowMatchesApi(
    page: Page,
    request: APIRequestContext,
    token: string,
    symbol: string,
    unit?: string,
  ): Promise<PerpPosition> {
    let position: PerpPosition | undefined;
    const decimals = await assetDecimals(request, token);
    await expect(async () => {
      position = (await positionsOf(request, token)).find((p) => p.symbol === symbol);
      expect(position).toBeTruthy();
      const c = (await contracts(request)).find((x) => x.symbol === symbol)!;
      const row = page.getByTestId(`perp-position-${symbol}`);
      await expect(cell(row, 'position-size')).toHaveText(
        `${formatAmount(position!.quantity, c.qtyScale)} ${unit ?? c.base}`,
        { timeout: 500 },
      );
      await expect(cell(row, 'position-entry')).toHaveText(formatAmount(position!.entryPrice, c.priceScale), {
        timeout: 500,
      });
      await expect(cell(row, 'position-liq')).toHaveText(
        position!.liquidationPrice ? formatAmount(position!.liquidationPrice, c.priceScale) : '--',
        { timeout: 500 },
      );
      await expect(cell(row, 'position-margin')).toHaveText(
        formatAssetAmount(position!.margin, decimals[c.marginAsset]),
        { timeout: 500 },
      );
      await expect(cell(row, 'position-ratio')).toHaveText(`${position!.marginRatio}%`, { timeout: 500 });
      await expect(cell(row, 'position-mode')).toContainText(`${position!.leverage}×`, { timeout: 500 });
      await expect(cell(row, 'position-adl')).toHaveAttribute('data-rank', String(position!.adlRank), { timeout: 500 });
      await expect(cell(row, 'position-roe')).toHaveText(
        `(${/^-/.test(position!.roe) || /^0(\.0+)?$/.test(position!.roe) ? '' : '+'}${position!.roe}%)`,
        { timeout: 500 },
      );
    }).toPass({ timeout: 15_000 });
    return position!;
  }

  return { BASE, index, json, login, credit, assetDecimals, contracts, positionsOf, shot, cell, rowMatchesApi };
}
