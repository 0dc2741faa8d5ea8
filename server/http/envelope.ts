import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERRORS, type Envelope } from '../../src/lib/contract/codes.ts';
import { AppError, ValidationFailure, type ValidationIssue } from './errors.ts';
import { hasMessage, localeOfHeaders, translatorFor, type Translate } from './i18n.ts';

declare module 'fastify' {
  interface FastifyRequest {
    t: Translate;
  }
}

/** A success envelope: ok({ id: 1 }) → { code: 200, msg: 'success', data: { id: 1 } }. */
export function ok<T>(data: T): Envelope<T> {
  return { code: ERRORS.ok, msg: 'success', data };
}

/** The first problem of a schema failure as one translated sentence naming the field. */
function validationMessage(t: Translate, issues: ValidationIssue[]): string {
  const issue = issues[0]!;
  const field = issue.instancePath.split('/').filter(Boolean).pop();
  const label = field ? (hasMessage(`field.${field}`) ? t(`field.${field}`) : field) : '';
  if (issue.message?.startsWith('validation.') && hasMessage(issue.message)) return t(issue.message, { field: label });
  if (!field) return t('validation.body');
  const byKeyword: Record<string, string> = {
    invalid_type: 'validation.invalidType',
    too_big: 'validation.tooLong',
    too_small: 'validation.tooShort',
    invalid_value: 'validation.invalidValue',
    invalid_union: 'validation.invalidValue',
  };
  return t(byKeyword[issue.keyword] ?? 'validation.invalid', { field: label });
}

export function send(reply: FastifyReply, status: number, code: number, msg: string) {
  return reply.status(status).send({ code, msg, data: null });
}

/** Installs the caller's translator on each request and turns every error into the spec's envelope. */
export function installEnvelope(app: FastifyInstance): void {
  app.decorateRequest('t', null as unknown as Translate);
  app.addHook('onRequest', async (req: FastifyRequest) => {
    req.t = translatorFor(localeOfHeaders(req.headers));
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    const t = req.t ?? translatorFor('en');
    if (err instanceof AppError) return send(reply, err.httpStatus, err.code, t(err.key, err.params));
    if (err instanceof ValidationFailure) return send(reply, 400, ERRORS.badRequest, validationMessage(t, err.issues));
    if (hasZodFastifySchemaValidationErrors(err)) {
      return send(reply, 400, ERRORS.badRequest, validationMessage(t, err.validation as ValidationIssue[]));
    }
    const status = err.statusCode ?? 500;
    if (status === 429) return send(reply, 429, ERRORS.tooManyRequests, t('error.tooManyRequests'));
    if (status === 413) return send(reply, 413, ERRORS.badRequest, t('validation.tooLarge'));
    if (status === 415) return send(reply, 415, ERRORS.badRequest, t('validation.contentType'));
    if (status >= 400 && status < 500) return send(reply, status, ERRORS.badRequest, t('validation.body'));
    req.log.error({ err }, 'unhandled error');
    return send(reply, 500, ERRORS.internal, t('error.internal'));
  });
}
