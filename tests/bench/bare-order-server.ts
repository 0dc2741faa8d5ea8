/**
 * A bare node:http server doing the same order entry as the real one (token check, schema validation, match,
 * group commit) with none of Fastify: the baseline for Fastify's overhead in order-entry.bench.ts.
 */
import { createServer } from 'node:http';
import { join } from 'node:path';
import pino from 'pino';
import { submitOrderBody } from '../../isomorphic/contract/spot.ts';
import { startTrading } from '../../server/trading.ts';
import { spotOrder } from '../../server/spot/views.ts';
import { AppError } from '../../server/outcome.ts';
import { openDb } from '../../server/storage/db.ts';
import { migrate } from '../../server/storage/migrate.ts';
import { MIGRATIONS } from '../../server/features.ts';
import { authenticate } from '../../server/user/session.service.ts';

const db = await openDb({ sqliteFile: join(process.env.DATA_DIR!, 'lumex.db'), backgroundCheckpoint: true });
await migrate(db, MIGRATIONS);
const { spot, markets } = await startTrading({ db, log: pino({ level: 'error' }) });

createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', async () => {
    const answer = (code: number, data: unknown, msg = 'success') => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code, msg, data }));
    };
    try {
      const who = await authenticate(db, String(req.headers.authorization ?? ''));
      if (!who) return answer(401, null, 'unauthorized');
      const parsed = submitOrderBody.safeParse(JSON.parse(body));
      if (!parsed.success) return answer(400, null, 'bad request');
      const order = await spot.place(who.user.id, parsed.data);
      answer(200, spotOrder(markets.market(order.symbol), order));
    } catch (err) {
      answer(err instanceof AppError ? err.code : 500, null, 'refused');
    }
  });
}).listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
