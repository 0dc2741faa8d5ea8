import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  backPwdBody,
  fundPasswordSet,
  loginBody,
  passwordChange,
  refreshBody,
  registerBody,
  sealedBody,
  sendEmailCodeQuery,
  sendMobileCodeQuery,
  type FundPasswordSet,
  type PasswordChange,
} from '../../src/lib/contract/user.ts';
import type { Config } from '../config.ts';
import type { SealedBox } from '../crypto/sealed-box.ts';
import { requireUser, userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { fail, ValidationFailure } from '../http/errors.ts';
import { localeOfHeaders } from '../http/i18n.ts';
import type { Sender } from '../notify/sender.ts';
import type { Db } from '../storage/db.ts';
import { issueCode } from './codes.service.ts';
import { countryCodes, toE164 } from './phone.ts';
import { closeSession, refreshSession } from './session.service.ts';
import { findUserBy } from './user.repo.ts';
import * as service from './user.service.ts';

export interface UserDeps {
  db: Db;
  config: Config;
  sender: Sender;
  sealedBox: SealedBox;
}

const meta = (req: FastifyRequest) => ({ ip: req.ip ?? null, userAgent: req.headers['user-agent'] ?? null });

/** Accounts and sessions: spec §7 "Account and auth", the first part. Secrets travel in bodies, never in URLs. */
export async function userRoutes(app: FastifyInstance, deps: UserDeps): Promise<void> {
  const { db, config, sender, sealedBox } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limited = { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } };
  const authed = { preHandler: requireUser(db) };
  const tags = ['user'];

  r.post('/api/user/register', { config: limited, schema: { tags, summary: 'Create an account (account, email or phone tab)', body: registerBody } }, async (req) =>
    ok(await service.register(db, req.body)),
  );

  r.post('/api/user/login', { config: limited, schema: { tags, summary: 'Log in by username, email or phone', body: loginBody } }, async (req) =>
    ok(await service.login(db, config, req.body, meta(req))),
  );

  r.post('/api/user/refreshToken', { config: limited, schema: { tags, summary: 'Rotate the session tokens', body: refreshBody } }, async (req) =>
    ok(await refreshSession(db, config, req.body.refreshToken, meta(req))),
  );

  r.post('/api/user/logout', { ...authed, schema: { tags, summary: 'End this session' } }, async (req) => {
    await closeSession(db, req.sessionId!);
    return ok(null);
  });

  r.post('/api/user/getInfo', { ...authed, schema: { tags, summary: 'The signed-in user (spec §3 user info)' } }, async (req) =>
    ok(service.toUserInfo(userOf(req))),
  );

  r.post('/api/user/sendEmailCode', { config: limited, schema: { tags, summary: 'E-mail a six-digit code', querystring: sendEmailCodeQuery } }, async (req) => {
    const { email, purpose } = req.query;
    const user = await findUserBy(db, 'email', email);
    if (purpose === 'register' && user) fail('emailTaken');
    if (purpose === 'reset' && !user) fail('emailUnknown');
    await issueCode(db, sender, config, { channel: 'email', target: email, purpose }, req.t);
    return ok(null);
  });

  r.post('/api/user/sendMobileCode', { config: limited, schema: { tags, summary: 'Text a six-digit code', querystring: sendMobileCodeQuery } }, async (req) => {
    const { countryCode, phone, purpose } = req.query;
    const target = toE164(countryCode, phone);
    const user = await findUserBy(db, 'phone', target);
    if (purpose === 'register' && user) fail('phoneTaken');
    await issueCode(db, sender, config, { channel: 'sms', target, purpose }, req.t);
    return ok(null);
  });

  r.post('/api/user/backPwd', { config: limited, schema: { tags, summary: 'Reset the password with an e-mailed code', body: backPwdBody } }, async (req) => {
    await service.resetPassword(db, req.body);
    return ok(null);
  });

  r.post('/api/user/getCountryCode', { schema: { tags, summary: 'Countries and calling codes, named in the caller’s language' } }, async (req) =>
    ok(countryCodes(localeOfHeaders(req.headers))),
  );

  r.post('/api/user/updatePwd', { ...authed, config: limited, schema: { tags, summary: 'Change the login password (sealed body)', body: sealedBody } }, async (req) => {
    const change = openSealed<PasswordChange>(sealedBox, req.body.sealed, passwordChange);
    await service.changePassword(db, userOf(req), change);
    return ok(null);
  });

  r.post('/api/user/tardPwdSet', { ...authed, config: limited, schema: { tags, summary: 'Set the fund password (sealed body)', body: sealedBody } }, async (req) => {
    const body = openSealed<FundPasswordSet>(sealedBox, req.body.sealed, fundPasswordSet);
    await service.setFundPassword(db, userOf(req), body.loginPassword, body.password);
    return ok(null);
  });
}

/** Opens a sealed body and checks its plain text against the same kind of schema as a clear body. */
function openSealed<T>(box: SealedBox, sealed: string, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(box.open<unknown>(sealed));
  if (!parsed.success) {
    throw new ValidationFailure(parsed.error.issues.map((i) => ({ keyword: i.code, instancePath: `/${i.path.join('/')}`, message: i.message })));
  }
  return parsed.data;
}
