import { ERRORS, errorKey, type ErrorName } from '../isomorphic/contract/codes.ts';

/**
 * Outcomes of the domain: a refusal names its result code (isomorphic/contract/codes.ts, unique per subsystem) and
 * the values its message needs. Domain code throws them with fail(); only the HTTP edge (server/http/envelope.ts)
 * turns one into a status and a translated message, so nothing here knows about HTTP.
 */
export class AppError extends Error {
  readonly errorName: ErrorName;
  readonly code: number;
  readonly params: Record<string, unknown>;
  constructor(name: ErrorName, params: Record<string, unknown> = {}, detail?: string) {
    super(detail ?? name);
    this.errorName = name;
    this.code = ERRORS[name];
    this.params = params;
  }
  get key(): string {
    return errorKey(this.errorName);
  }
}

/** fail('badCredentials') — throws the AppError; reads as a statement at the call site. */
export function fail(name: ErrorName, params?: Record<string, unknown>): never {
  throw new AppError(name, params);
}

export interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
}

/** Input that failed a schema outside the edge's own validation (a sealed body's plain text, say). */
export class ValidationFailure extends Error {
  readonly issues: ValidationIssue[];
  constructor(issues: ValidationIssue[]) {
    super('validation failed');
    this.issues = issues;
  }
}
