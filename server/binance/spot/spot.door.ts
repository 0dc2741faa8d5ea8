import type { Door } from "../door.ts";
import * as e from "./spot.endpoints.ts";

/** The spot calls of the Binance-shaped door: the same services, checks and journal as the web's. */
export function spotDoor({ route, ctx }: Door): void {
  route(e.ping, async () => ({}));
  route(e.time, async () => ({ serverTime: ctx.clock.now() }));
}
