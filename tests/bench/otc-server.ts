/**
 * The server of otc.bench.ts, in a process of its own: the whole app on a real port, on a fresh SQLite database,
 * with an OTC market set up through the API (in-process calls, not measured). A merchant verified, approved and
 * selling USDT; BUYERS buyers created straight in the database (a registration through the API costs an argon2
 * hash, minutes for a thousand on a loaded machine), each holding one paid order and one unpaid order on the ad;
 * one more buyer with an order whose chat the bench uses. Then it tells the parent (IPC) who is who and serves.
 *
 * The clock is the system clock plus an offset the parent moves ({ advanceClock: ms }, answered with
 * { clockAdvanced: offset }), as in tests/e2e/server.ts: the expiry job then finds every unpaid window passed at
 * its next turn, without anyone sleeping. A plain WebSocket echo listens on PORT + 1 for the chat's baseline.
 */
import { WebSocketServer } from 'ws';
import { ACCOUNT } from '../../server/ledger/account-types.ts';
import { systemClock, type Clock } from '../../server/clock/clock.ts';
import { openSession } from '../../server/user/session.service.ts';
import { insertUser } from '../../server/user/user.repo.ts';
import { newInviteCode, newUid } from '../../server/user/tokens.ts';
import { credit } from '../../isomorphic/contract/admin.endpoints.ts';
import { savePayment } from '../../isomorphic/contract/identity.endpoints.ts';
import { applyMerchant, markPaid, reviewMerchant, saveAd, takeAd } from '../../isomorphic/contract/otc.endpoints.ts';
import { transferFunds } from '../../isomorphic/contract/wallet.endpoints.ts';
import { api, operatorToken, signUp, testApp } from '../support/app.ts';
import { DIALECTS } from '../support/databases.ts';
import { verifyAdvanced } from '../support/identity.ts';

export interface Seat {
  id: number;
  token: string;
}

/** What the server tells the bench once it listens. */
export interface OtcBenchReady {
  port: number;
  echoPort: number;
  merchant: Seat;
  /** Each buyer with the id of their paid order (the one the merchant appeals). */
  buyers: Array<Seat & { paidOrder: number }>;
  /** The buyer whose order's chat carries the round trips. */
  chatter: Seat & { orderId: number };
}

const ORDER_USDT = '10';
const PRICE = '7.00';

const BUYERS = Number(process.env.BUYERS ?? 1000);
const PORT = Number(process.env.PORT ?? 4478);

let offset = 0;
const clock: Clock = { now: () => Date.now() + offset, after: systemClock.after };
process.on('message', (m: { advanceClock?: number }) => {
  if (typeof m?.advanceClock !== 'number') return;
  offset += m.advanceClock;
  process.send!({ clockAdvanced: offset });
});

const t = await DIALECTS[0]![1]();
const { app, config } = await testApp(
  t.db,
  { MARKET_MAKERS: '0', DATA_DIR: `/tmp/lumex-otc-bench-${process.pid}` },
  clock,
);
const call = async <T>(token: string, e: { path: string }, payload: object = {}): Promise<T> => {
  const r = await api<T>(app, e.path, { token, payload });
  if (r.code !== 200) throw new Error(`${e.path}: ${r.code} ${r.msg}`);
  return r.data;
};

// The merchant: level 2, the deposit paid, approved, an Alipay account, a sell ad large enough for every order.
const ops = await operatorToken(app, t.db);
const merchant = await signUp(app, 'otc_bench_merchant');
await verifyAdvanced(app, ops, merchant.token, 'Mei Chen', 'P1234567');
const fund = async (amount: string, to: number) => {
  await call(ops, credit, { username: 'otc_bench_merchant', asset: 'USDT', amount });
  await call(merchant.token, transferFunds, { coin: 'USDT', from: ACCOUNT.spot, to, amount });
};
await fund('1000', ACCOUNT.otc);
await call(merchant.token, applyMerchant);
await call(ops, reviewMerchant, { userId: merchant.id, approve: true });
const payment = (
  await call<{ id: number }>(merchant.token, savePayment, {
    kind: 'alipay',
    name: 'Mei Chen',
    account: 'mei@pay.example',
  })
).id;
const total = String((2 * BUYERS + 1) * Number(ORDER_USDT));
await fund(total, ACCOUNT.merchant);
const ad = await call<{ id: number }>(merchant.token, saveAd, {
  side: 'sell',
  coin: 'USDT',
  fiat: 'CNY',
  priceType: 'fixed',
  price: PRICE,
  total,
  minFiat: '70',
  maxFiat: '700',
  payWindow: 15,
  payments: [payment],
});

// Buyers straight into the database with a session each; they never log in, so no password works for them.
async function buyer(name: string): Promise<Seat> {
  const user = await insertUser(
    t.db,
    {
      uid: newUid(),
      username: name,
      email: null,
      phone: null,
      countryCode: null,
      passwordHash: '!',
      inviteCode: newInviteCode(),
      inviterId: null,
    },
    Date.now(),
  );
  return { id: user.id, token: (await openSession(t.db, config, user.id, { ip: null, userAgent: 'otc-bench' })).token };
}
const take = async (token: string) =>
  (await call<{ id: number }>(token, takeAd, { adId: ad.id, amount: ORDER_USDT, price: PRICE })).id;

const buyers: OtcBenchReady['buyers'] = [];
// In groups, so the core commits many takes in one batch, as it would under real traffic.
for (let i = 0; i < BUYERS; i += 50) {
  buyers.push(
    ...(await Promise.all(
      Array.from({ length: Math.min(50, BUYERS - i) }, async (_, k) => {
        const seat = await buyer(`otc_bench_${i + k}`);
        const paidOrder = await take(seat.token);
        await call(seat.token, markPaid, { id: paidOrder, payment });
        await take(seat.token);
        return { ...seat, paidOrder };
      }),
    )),
  );
}
const chatSeat = await buyer('otc_bench_chatter');
const chatter = { ...chatSeat, orderId: await take(chatSeat.token) };

await app.listen({ port: PORT, host: '127.0.0.1' });
const echo = new WebSocketServer({ port: PORT + 1, host: '127.0.0.1' });
echo.on('connection', (ws) => ws.on('message', (data: Buffer) => ws.send(data)));
await new Promise((resolve) => echo.once('listening', resolve));

process.send!({ ready: { port: PORT, echoPort: PORT + 1, merchant, buyers, chatter } satisfies OtcBenchReady });
process.on('disconnect', async () => {
  echo.close();
  await app.close();
  await t.drop();
  process.exit(0);
});
