import type { ErrorName } from '../../isomorphic/contract/codes.ts';
import { AppError, ValidationFailure } from '../outcome.ts';
import { translatorFor } from '../i18n/i18n.ts';

/**
 * Binance's error answer `{code, msg}` (developers.binance.com, "Error codes for Binance"): negative codes, English
 * messages, and the HTTP status Binance sends with each, so clients written for Binance (CCXT's exception tables
 * match on code and on exact message) take the same branch here.
 */
export class BinanceError extends Error {
  readonly status: number;
  readonly code: number;
  constructor(status: number, code: number, msg: string) {
    super(msg);
    this.status = status;
    this.code = code;
  }
}

/** What the failed call was doing: Binance answers the same refusal with a different code per action. */
export type Action = 'read' | 'newOrder' | 'cancel' | 'query';

const INSUFFICIENT = 'Account has insufficient balance for requested action.';
const UNKNOWN_ORDER = 'Unknown order sent.';

/**
 * Our refusals with a Binance counterpart. A name not listed keeps our English message under the action's code
 * (-2010 for a new order, -2011 for a cancel, -1000 otherwise), so nothing a bot sees is vaguer than the web's.
 */
const BY_NAME: Partial<Record<ErrorName, (action: Action) => [status: number, code: number, msg: string]>> = {
  apiKeyInvalid: () => [401, -2015, 'Invalid API-key, IP, or permissions for action.'],
  apiIpNotAllowed: () => [401, -2015, 'Invalid API-key, IP, or permissions for action.'],
  apiPermissionMissing: () => [401, -2015, 'Invalid API-key, IP, or permissions for action.'],
  apiBodyNotForm: () => [400, -1100, 'Illegal characters found in a parameter: the body must be a form.'],
  signatureInvalid: () => [400, -1022, 'Signature for this request is not valid.'],
  signatureReplayed: () => [400, -1022, 'Signature for this request was already used.'],
  timestampStale: () => [400, -1021, 'Timestamp for this request is outside of the recvWindow.'],
  recvWindowInvalid: () => [400, -1131, 'recvWindow must be less than 60000'],
  tooManyRequests: () => [429, -1003, 'Too many requests; please use the websocket for live updates.'],
  accountFrozen: () => [400, -2010, 'This action is disabled on this account.'],
  insufficientBalance: () => [400, -2010, INSUFFICIENT],
  perpInsufficientMargin: () => [400, -2019, 'Margin is insufficient.'],
  unknownMarket: () => [400, -1121, 'Invalid symbol.'],
  perpUnknownContract: () => [400, -1121, 'Invalid symbol.'],
  marketClosed: () => [400, -1013, 'Market is closed.'],
  offTick: () => [400, -1013, 'Filter failure: PRICE_FILTER'],
  offLot: () => [400, -1013, 'Filter failure: LOT_SIZE'],
  belowMinQty: () => [400, -1013, 'Filter failure: LOT_SIZE'],
  belowMinNotional: () => [400, -1013, 'Filter failure: NOTIONAL'],
  priceOutOfBand: () => [400, -1013, 'Filter failure: PERCENT_PRICE_BY_SIDE'],
  // A stop the last price has already reached (server/spot/conditional): Binance's wording for it.
  triggerMustBeAbove: () => [400, -2010, 'Order would trigger immediately.'],
  triggerMustBeBelow: () => [400, -2010, 'Order would trigger immediately.'],
  ocoLimitWouldTake: () => [400, -2010, 'Order would immediately match and take.'],
  tooPrecise: () => [400, -1111, 'Parameter has too much precision.'],
  /** The door checks each field's maximum itself (spot/orders.door.ts); what remains is a notional too large. */
  tooLarge: () => [400, -1013, 'Filter failure: NOTIONAL'],
  orderNotFound: (action) =>
    action === 'cancel' ? [400, -2011, UNKNOWN_ORDER] : [400, -2013, 'Order does not exist.'],
  orderNotOpen: () => [400, -2011, UNKNOWN_ORDER],
  perpReduceOnlyWouldIncrease: () => [400, -2022, 'ReduceOnly Order is rejected.'],
  perpNoPosition: () => [400, -2022, 'ReduceOnly Order is rejected.'],
  perpCloseOverPosition: () => [400, -2022, 'ReduceOnly Order is rejected.'],
  perpTrailingActivationWrongSide: () => [400, -2021, 'Order would immediately trigger.'],
  perpStopWrongSide: () => [400, -2021, 'Order would immediately trigger.'],
  perpStopBeyondLiquidation: () => [400, -2021, 'Order would immediately trigger.'],
  perpTrailingCallbackRange: () => [
    400,
    -1100,
    "Illegal characters found in parameter 'callbackRate'; legal range is '0.1' to '5'.",
  ],
  perpTrailingTooMany: () => [400, -4045, 'Reach max stop order limit.'],
  perpTriggerMustBeAbove: () => [400, -2021, 'Order would immediately trigger.'],
  perpTriggerMustBeBelow: () => [400, -2021, 'Order would immediately trigger.'],
  perpConditionalTooMany: () => [400, -4045, 'Reach max stop order limit.'],
  perpConditionalNotFound: (action) =>
    action === 'cancel' ? [400, -2011, UNKNOWN_ORDER] : [400, -2013, 'Order does not exist.'],
  perpTrailingNotFound: (action) =>
    action === 'cancel' ? [400, -2011, UNKNOWN_ORDER] : [400, -2013, 'Order does not exist.'],
  perpStopNotFound: (action) =>
    action === 'cancel' ? [400, -2011, UNKNOWN_ORDER] : [400, -2013, 'Order does not exist.'],
  perpLeverageOutOfRange: () => [400, -4028, 'Leverage is not valid.'],
  perpMarginModeLocked: () => [400, -4048, 'Margin type cannot be changed if there exists position.'],
};

const english = translatorFor('en');

/** The first bad field of a validation failure, as Binance names the parameter in its message. */
function fieldOf(err: ValidationFailure): string {
  const path = err.issues[0]?.instancePath ?? '';
  return path.replace(/^\//, '').split('/')[0] || 'parameter';
}

/** Any error thrown behind the door, as Binance would answer it; an unexpected one is -1000 with status 500. */
export function toBinance(err: unknown, action: Action): BinanceError {
  if (err instanceof BinanceError) return err;
  if (err instanceof AppError) {
    const known = BY_NAME[err.errorName];
    if (known) return new BinanceError(...known(action));
    const code = action === 'newOrder' ? -2010 : action === 'cancel' ? -2011 : -1000;
    return new BinanceError(400, code, english(err.key, err.params));
  }
  if (err instanceof ValidationFailure) {
    const issue = err.issues[0];
    const field = fieldOf(err);
    if (issue && /required|missing/i.test(`${issue.keyword} ${issue.message ?? ''}`))
      return new BinanceError(400, -1102, `Mandatory parameter '${field}' was not sent, was empty/null, or malformed.`);
    return new BinanceError(
      400,
      -1100,
      `Illegal characters found in parameter '${field}'; ${issue?.message ?? ''}`.trim(),
    );
  }
  return new BinanceError(500, -1000, 'An unknown error occurred while processing the request.');
}
