import type { Door } from '../door.ts';
import { accountDoor } from './account.door.ts';
import { marketDoor } from './market.door.ts';
import { conditionalDoor } from './conditional.door.ts';
import { ordersDoor } from './orders.door.ts';
import * as e from './spot.endpoints.ts';

/** The spot calls of the Binance-shaped door: the same services, checks and journal as the web's. */
export function spotDoor(door: Door): void {
  const { route, ctx } = door;
  route(e.ping, async () => ({}));
  route(e.time, async () => ({ serverTime: ctx.clock.now() }));
  marketDoor(door);
  accountDoor(door);
  ordersDoor(door);
  conditionalDoor(door);
}
