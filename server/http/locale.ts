import type { FastifyRequest } from 'fastify';
import type { Locale } from '../../isomorphic/i18n/locales.ts';
import { localeOfHeaders } from '../i18n/i18n.ts';

/** The caller's language, read as the API's messages read it (`lang`, `language`, then Accept-Language). */
export const localeOf = (req: FastifyRequest): Locale => localeOfHeaders(req.headers);
