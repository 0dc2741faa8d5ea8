import { ERRORS, errorKey, type ErrorName } from '../../src/lib/contract/codes.ts';

/** An expected outcome that the edge turns into an envelope with a translated message. */
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
  /** HTTP status: generic codes are their own status; domain codes are client errors. */
  get httpStatus(): number {
    if (this.code < 600) return this.code;
    if (this.errorName === 'accountLocked') return 429;
    return 400;
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

/** Input that failed a schema outside Fastify's own validation (a sealed body's plain text, say). */
export class ValidationFailure extends Error {
  readonly issues: ValidationIssue[];
  constructor(issues: ValidationIssue[]) {
    super('validation failed');
    this.issues = issues;
  }
}
