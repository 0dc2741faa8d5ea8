import type { Feature } from '../feature.ts';
import { CLIENT_ORDERS_MIGRATION } from './client-orders.migration.ts';
import { openDoor } from './door.ts';
import { futuresDoor } from './futures/futures.door.ts';
import { spotDoor } from './spot/spot.door.ts';
import { streamsDoor } from './streams/streams.door.ts';
import { LISTEN_KEYS_MIGRATION } from './user-stream/listen-keys.migration.ts';
import { userStreamDoor } from './user-stream/user-stream.door.ts';
import { wsApiDoor } from './ws-api/ws-api.door.ts';

/**
 * The door for programs (docs/api/binance.md): Binance's REST and WebSocket shapes, so CCXT, Freqtrade and
 * operators' market makers work unchanged but for the base URL. One exchange, two doors: every call goes
 * through the services the web API uses.
 */
export const BINANCE_FEATURE: Feature = {
  name: 'binance',
  migrations: [LISTEN_KEYS_MIGRATION, CLIENT_ORDERS_MIGRATION],
  routes: async (app, ctx) => {
    const door = await openDoor(app, ctx);
    spotDoor(door);
    futuresDoor(door);
    streamsDoor(door);
    userStreamDoor(door);
    await wsApiDoor(door);
  },
};
