/** The naive fan-out the feed bench compares against: every message serialised again for each client. */
import { WebSocketServer } from 'ws';

const wss = new WebSocketServer({ port: Number(process.env.PORT), host: '127.0.0.1' }, () =>
  process.stdout.write('ready\n'),
);
const levels = Array.from({ length: 50 }, (_, i) => [String(96000 + i), '0.00100']);
let tick = 0;
setInterval(() => {
  tick++;
  const depth = {
    event: 'DEPTH',
    symbol: 'btcusdt',
    data: { symbol: 'btcusdt', step: '0.01', bids: levels, asks: levels },
  };
  const trade = {
    event: 'TRADE',
    symbol: 'btcusdt',
    data: [{ id: tick, price: '96000.00', quantity: '0.00100', side: 'buy', time: Date.now() }],
  };
  // Stamped once, when the message is made, as the platform does: lag then covers the whole fan-out.
  const ts = Date.now();
  for (const client of wss.clients) {
    client.send(JSON.stringify({ ...depth, ts }));
    if (tick % 5 === 0) client.send(JSON.stringify({ ...trade, ts }));
  }
}, 100);
