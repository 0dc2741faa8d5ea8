import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FeatureContext } from '../feature.ts';
import * as api from '../../isomorphic/contract/user.endpoints.ts';
import {
  fundPasswordSet,
  passwordChange,
  type FundPasswordSet,
  type PasswordChange,
} from '../../isomorphic/contract/user.ts';
import { openSealedOnce } from '../crypto/open-sealed.ts';
import { userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { localeOfHeaders } from '../i18n/i18n.ts';
import { router } from '../http/route.ts';
import { countryCodes, toE164 } from './phone.ts';
import { closeSession, refreshSession } from './session.service.ts';
import * as service from './user.service.ts';

const meta = (req: FastifyRequest) => ({ ip: req.ip ?? null, userAgent: req.headers['user-agent'] ?? null });

/**
 * Accounts and sessions: docs/requirements.md §7 "Account and auth", the first part. Secrets travel in bodies, never in
 * URLs.
 */
export async function userRoutes(app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  const { db, config, sender, sealedBox, clock } = ctx;
  const route = router(app, db);
  const limited = { config: { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } } };

  route(api.register, async (req) => ok(await service.register(db, req.body)), limited);

  route(api.login, async (req) => ok(await service.login(db, config, req.body, meta(req), clock.now())), limited);

  route(
    api.refreshToken,
    async (req) => ok(await refreshSession(db, config, req.body.refreshToken, meta(req))),
    limited,
  );

  route(api.logout, async (req) => {
    await closeSession(db, req.sessionId!);
    return ok(null);
  });

  route(api.getInfo, async (req) => ok(await service.userInfoOf(db, userOf(req))));

  route(
    api.sendEmailCode,
    async (req) => {
      await service.sendCode(db, sender, config, 'email', req.query.email, req.query.purpose, req.t);
      return ok(null);
    },
    limited,
  );

  route(
    api.sendMobileCode,
    async (req) => {
      const { countryCode, phone, purpose } = req.query;
      await service.sendCode(db, sender, config, 'sms', toE164(countryCode, phone), purpose, req.t);
      return ok(null);
    },
    limited,
  );

  route(
    api.backPwd,
    async (req) => {
      await service.resetPassword(db, req.body, clock.now());
      return ok(null);
    },
    limited,
  );

  route(api.getCountryCode, async (req) => ok(countryCodes(localeOfHeaders(req.headers))));

  for (const e of [api.updatePwd, api.updateUserLoginPwd, api.bladeUpdatePassword]) {
    route(
      e,
      async (req) => {
        const user = userOf(req);
        await service.changePassword(
          db,
          user,
          await openSealedOnce<PasswordChange>(db, sealedBox, req.body.sealed, user.id, passwordChange, 'password'),
          clock.now(),
        );
        return ok(null);
      },
      limited,
    );
  }

  for (const e of [api.tardPwdSet, api.tradePwd]) {
    route(
      e,
      async (req) => {
        const user = userOf(req);
        const body = await openSealedOnce<FundPasswordSet>(
          db,
          sealedBox,
          req.body.sealed,
          user.id,
          fundPasswordSet,
          'fund-password',
        );
        await service.setFundPassword(db, user, body, clock.now());
        return ok(null);
      },
      limited,
    );
  }
}
