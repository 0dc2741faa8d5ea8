import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERRORS, type Envelope, type ErrorName } from '../../isomorphic/contract/codes.ts';
import { AppError, ValidationFailure, type ValidationIssue } from '../outcome.ts';
import { hasMessage, localeOfHeaders, translatorFor, type Translate } from '../i18n/i18n.ts';

/**
 * Paths whose every answer is the `{ code, msg, data }` envelope, errors and unknown paths included. The two
 * exceptions are documents that are not API answers: the API's own docs (/api/docs) and a stored upload's bytes.
 */
export const API_PREFIXES = ['/api', '/cgform-api', '/sys'];

/**
 * isApiPath('/cgform-api/x?y') → true; isApiPath('/apis') → false. A prefix counts when the path ends after it or
 * goes on with `/` (or the query's `?`); read in place, without splitting, since every answer asks.
 */
export function isApiPath(url: string): boolean {
  for (const p of API_PREFIXES) {
    if (!url.startsWith(p)) continue;
    const next = url[p.length];
    if (next === undefined || next === '/' || next === '?') return true;
  }
  return false;
}

/** HTTP statuses Fastify or Node answer on their own, with the envelope code and message each gets. */
const BY_STATUS: Record<number, { code: number; key: string }> = {
  408: { code: ERRORS.requestTimeout, key: 'error.requestTimeout' },
  413: { code: ERRORS.badRequest, key: 'validation.tooLarge' },
  414: { code: ERRORS.uriTooLong, key: 'error.uriTooLong' },
  415: { code: ERRORS.badRequest, key: 'validation.contentType' },
  429: { code: ERRORS.tooManyRequests, key: 'error.tooManyRequests' },
  431: { code: ERRORS.headersTooLarge, key: 'error.headersTooLarge' },
};
const otherClientError = { code: ERRORS.badRequest, key: 'validation.body' };

/** The envelope of an HTTP status Fastify or Node chose. */
function statusEnvelope(status: number, t: Translate): Envelope<null> {
  const { code, key } = BY_STATUS[status] ?? otherClientError;
  return { code, msg: t(key), data: null };
}

declare module 'fastify' {
  interface FastifyRequest {
    t: Translate;
  }
}

/** Outcomes that mean "slow down" to a client or proxy. */
const TOO_MANY = new Set<ErrorName>([
  'accountLocked',
  'fundPasswordLocked',
  'googleCodeLocked',
  'uploadRateLimited',
  'faucetTooSoon',
  'codeDailyLimit',
]);

/** The HTTP status of a domain outcome: generic codes are their own status, limits 429, the rest client errors. */
function httpStatusOf(err: AppError): number {
  if (err.code < 600) return err.code;
  return TOO_MANY.has(err.errorName) ? 429 : 400;
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

/**
 * Gives each request the caller's translator and turns every error into the requirements' envelope. The translator
 * is a getter, read from the headers when a message is written: most answers (an order placed) write none, and an
 * onRequest hook building one for every request cost each of them an async hook and a closure.
 */
export function installEnvelope(app: FastifyInstance): void {
  app.decorateRequest('t', {
    getter(this: FastifyRequest) {
      return translatorFor(localeOfHeaders(this.headers));
    },
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    const t = req.t ?? translatorFor('en');
    if (err instanceof AppError) {
      // A field named by its message key ('trade.field.price') reads in the caller's language inside the sentence.
      const field = err.params.field;
      const params = typeof field === 'string' && hasMessage(field) ? { ...err.params, field: t(field) } : err.params;
      return send(reply, httpStatusOf(err), err.code, t(err.key, params));
    }
    if (err instanceof ValidationFailure) return send(reply, 400, ERRORS.badRequest, validationMessage(t, err.issues));
    if (hasZodFastifySchemaValidationErrors(err)) {
      return send(reply, 400, ERRORS.badRequest, validationMessage(t, err.validation as ValidationIssue[]));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) return sendStatus(reply, status, t);
    req.log.error({ err }, 'unhandled error');
    return send(reply, 500, ERRORS.internal, t('error.internal'));
  });
}

/** A client error Fastify raised itself (bad JSON, too large, wrong content type, …) as an envelope. */
function sendStatus(reply: FastifyReply, status: number, t: Translate) {
  return reply.status(status).send(statusEnvelope(status, t));
}

/**
 * Fastify's `frameworkErrors` option: a URL it cannot decode (400) or a path parameter over 100 characters
 * (414) is answered before any hook runs, so the translator comes from the headers here.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const t = translatorFor(localeOfHeaders(req.headers));
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  return sendStatus(reply, status, t);
}

/** The language headers of a request Node could not parse, read from the bytes it received. */
function localeOfRaw(raw: unknown) {
  const headers: Record<string, string> = {};
  const text = Buffer.isBuffer(raw) ? raw.subarray(0, 64 * 1024).toString('latin1') : '';
  for (const line of text.split('\r\n').slice(1)) {
    const m = /^(lang|language|accept-language):\s*(.{0,100})$/i.exec(line);
    if (m) headers[m[1]!.toLowerCase()] = m[2]!;
  }
  return localeOfHeaders(headers);
}

/**
 * Fastify's `clientErrorHandler`: requests Node refuses before Fastify sees them (headers or query string over
 * Node's 16 KB, a broken request line, a request that took too long) still get an envelope, in the caller's
 * language when the headers got that far.
 */
export function clientErrorHandler(err: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify(statusEnvelope(status, translatorFor(localeOfRaw(err.rawPacket))));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
