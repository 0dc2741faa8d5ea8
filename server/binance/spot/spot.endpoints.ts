import type { DoorEndpoint } from "../door.ts";

/** Binance's spot REST calls served under `/api/v3` (developers.binance.com, "Spot API"), with Binance's weights. */
export const ping: DoorEndpoint = {
  method: "GET",
  path: "/api/v3/ping",
  security: "NONE",
  weight: 1,
};
export const time: DoorEndpoint = {
  method: "GET",
  path: "/api/v3/time",
  security: "NONE",
  weight: 1,
};

export const SPOT_ENDPOINTS: DoorEndpoint[] = [ping, time];
