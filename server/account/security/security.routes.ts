import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as api from '../../../isomorphic/contract/security.endpoints.ts';
import type { FeatureContext } from '../../feature.ts';
import { userOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { router } from '../../http/route.ts';
import { toE164 } from '../../user/phone.ts';
import { bindAuthenticator, resetAuthenticator, setupAuthenticator } from './authenticator.service.ts';
import { bind, sendCode, type Binding } from './bindings.service.ts';
import { changeAntiCode, securityStatus } from './security.service.ts';
import { addAddress, removeAddress, switchWhitelist, whitelist } from './whitelist.service.ts';

/**
 * Account security (docs/requirements.md §7 "Account and auth"): bindings, the authenticator, the anti-phishing code
 * and the withdrawal whitelist. Calls that send codes or check a password or a code share the auth routes' rate limit.
 */
export async function securityRoutes(app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  const { db, config, sender, clock } = ctx;
  const route = router(app, db);
  const limited = { config: { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } } };
  const status = (userId: number) => securityStatus(db, userId, clock.now());

  route(api.securityStatus, async (req) => ok(await status(userOf(req).id)));

  route(
    api.sendEmail,
    async (req) => {
      await sendCode(db, sender, config, userOf(req), 'email', req.query.email, req.t);
      return ok(null);
    },
    limited,
  );
  route(
    api.sendSms,
    async (req) => {
      const { countryCode, phone } = req.query;
      await sendCode(
        db,
        sender,
        config,
        userOf(req),
        'sms',
        countryCode && phone ? toE164(countryCode, phone) : undefined,
        req.t,
      );
      return ok(null);
    },
    limited,
  );

  const binding = async (req: FastifyRequest, b: Binding) => {
    const user = userOf(req);
    await bind(db, user, b, clock.now());
    return ok(await status(user.id));
  };
  route(
    api.bindEmail,
    async (req) => {
      const { email, ...proof } = req.body;
      return binding(req, { channel: 'email', target: email, ...proof });
    },
    limited,
  );
  route(
    api.accountVerificationBinding,
    async (req) => {
      const { code, oldCode, googleCode } = req.body;
      const to =
        req.body.type === 'email'
          ? { channel: 'email' as const, target: req.body.email }
          : {
              channel: 'sms' as const,
              target: toE164(req.body.countryCode, req.body.phone),
              countryCode: req.body.countryCode,
            };
      return binding(req, { ...to, code, oldCode, googleCode });
    },
    limited,
  );

  route(
    api.googleSetup,
    async (req) => ok(await setupAuthenticator(db, userOf(req), config.productName, clock.now())),
    limited,
  );
  route(
    api.googleBind,
    async (req) => {
      await bindAuthenticator(db, userOf(req), req.body, clock.now());
      return ok(await status(userOf(req).id));
    },
    limited,
  );
  route(
    api.googleReset,
    async (req) => {
      await resetAuthenticator(db, userOf(req), req.body, clock.now());
      return ok(await status(userOf(req).id));
    },
    limited,
  );

  route(
    api.antiCode,
    async (req) => {
      await changeAntiCode(db, userOf(req), req.body, clock.now());
      return ok(await status(userOf(req).id));
    },
    limited,
  );

  route(api.whitelist, async (req) => ok(await whitelist(db, userOf(req).id)));
  route(api.whitelistAdd, async (req) => ok(await addAddress(db, userOf(req), req.body, clock.now())), limited);
  route(api.whitelistDelete, async (req) => ok(await removeAddress(db, userOf(req), req.body, clock.now())), limited);
  route(api.whitelistSwitch, async (req) => ok(await switchWhitelist(db, userOf(req), req.body, clock.now())), limited);
}
