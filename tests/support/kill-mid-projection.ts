/**
 * A process that dies with its projector behind (server/core/projector-worker.test.ts): it starts trading on the
 * SQLite file given, places the order stream of the benches for the users given, prints `acked N` once every order is
 * acknowledged, and kills itself at once, before the projector's thread has written them all.
 */
import pino from 'pino';
import { openDb } from '../../server/storage/db.ts';
import { startTrading } from '../../server/trading.ts';
import { order } from '../bench/order-stream.ts';

const [file, count, ...userIds] = process.argv.slice(2);
const users = userIds.map(Number);
const db = await openDb({ sqliteFile: file! });
const { spot } = await startTrading({ db, log: pino({ level: 'silent' }) });
const acks: Promise<unknown>[] = [];
for (let i = 0; i < Number(count); i++) acks.push(spot.place(...order(users, i)));
await Promise.all(acks);
process.stdout.write(`acked ${acks.length}\n`, () => process.kill(process.pid, 'SIGKILL'));
