import { ApiError } from './client.ts';

/**
 * How islands read why a call failed without holding the transport (they never import client.ts): the server's
 * message, or '' for anything else (a programming error has no message meant for the user).
 */
export function failureMessage(err: unknown): string {
  return err instanceof ApiError ? err.message : '';
}

/** Anything a load rejects with, as the ApiError a Loadable holds (a programming error keeps its message). */
export function asApiError(e: unknown): ApiError {
  return e instanceof ApiError ? e : new ApiError(0, e instanceof Error ? e.message : String(e), false);
}

/** Whether a call failed with this result code (isomorphic/contract/codes.ts ERRORS). */
export function failedWith(err: unknown, code: number): boolean {
  return err instanceof ApiError && err.code === code;
}
