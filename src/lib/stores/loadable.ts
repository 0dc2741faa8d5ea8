import type { ApiError } from '../api/client.ts';

/**
 * What a store that loads from the API holds: not asked yet, on its way, the answer, or why it failed. One value
 * instead of a loading flag, an error and the data side by side, so a screen cannot show two of them at once.
 * The error is the ApiError the client rejects with (src/lib/api/client.ts).
 */
export type Loadable<T> =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'success'; value: T }
  | { status: 'error'; error: ApiError };
