import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FeatureContext } from '../feature.ts';
import { pathOf } from '../../isomorphic/contract/endpoint.ts';
import * as api from '../../isomorphic/contract/wallet.endpoints.ts';
import { withdrawalPlain } from '../../isomorphic/contract/wallet.ts';
import { optionalUser, userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { localeOf } from '../http/locale.ts';
import { AppError, fail } from '../outcome.ts';
import { openSealed } from '../crypto/open-sealed.ts';
import { router, type EndpointRequest } from '../http/route.ts';
import { usdtPricesOf } from './amounts.ts';
import { dailyLimit } from '../identity/withdraw-limit.ts';
import { checkUploadRate, failTooLarge, readUpload, saveUpload, UPLOAD_LIMITS } from './uploads.ts';
import * as swap from './swap.service.ts';
import * as wallet from './wallet.service.ts';

/**
 * Wallets (docs/requirements.md §7 "Assets", texchange, upload): balances, deposits, withdrawals, transfers, swap,
 * bills.
 */
export async function walletRoutes(app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  const {
    db,
    markets,
    prices,
    sealedBox,
    config: { dataDir },
  } = ctx;
  await app.register(multipart, { limits: { fileSize: UPLOAD_LIMITS.fileBytes, files: 1, fields: 5 } });
  const route = router(app, db);
  const usdt = usdtPricesOf(markets, prices);
  const limit = dailyLimit(usdt, ctx.clock);
  const custody = { chains: ctx.chains, settings: ctx.config.chain };

  route(api.walletAccount, async (req) => ok(await wallet.walletAccounts(db, usdt, userOf(req))));
  route(api.currencyAccount, async (req) =>
    ok(await wallet.currencyAccount(db, usdt, userOf(req), req.query.type, localeOf(req))),
  );
  route(api.myBalance, async (req) => ok(await wallet.balances(db, userOf(req).id, req.query.type)));
  route(api.coinRate, async () => ok(await wallet.coinRates(db)));
  route(api.myBill, async (req) => ok(await wallet.bills(db, userOf(req).id, req.query)));
  route(api.transferFunds, async (req) => ok(await wallet.transfer(db, ctx.core, userOf(req), req.body)));
  route(api.transfers, async (req) =>
    ok(await wallet.transfers(db, userOf(req).id, req.query.page, req.query.size, req.query.coin)),
  );

  route(api.rechargeCurrency, async () => ok(await wallet.networks(db)));
  route(api.assetDecimals, async () => ok(await wallet.assetDecimals(db)));
  route(api.depositAddress, async (req) =>
    ok(await wallet.addressFor(db, custody, userOf(req).id, req.params.coin, req.query.network)),
  );
  route(api.submitRecharge, async (req) => ok(await wallet.submitRecharge(db, custody, userOf(req), req.body)));
  route(api.rechargeLog, async (req) =>
    ok(await wallet.listOf(db, 'recharges', userOf(req).id, req.query.page, req.query.size, req.query.coin)),
  );

  const withdraw = async (req: EndpointRequest<typeof api.withdrawal>) => {
    const user = userOf(req);
    const { data, nonce } = openSealed(sealedBox, req.body.sealed, user.id, withdrawalPlain);
    return ok(await wallet.submitWithdrawal(db, ctx.core, limit, user, data, nonce, ctx.clock.now(), custody));
  };
  const limited = { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } };
  route(api.withdrawal, withdraw, limited);
  route(api.withdrawSubmit, withdraw, limited);
  route(api.withdrawalLog, async (req) =>
    ok(await wallet.listOf(db, 'withdrawals', userOf(req).id, req.query.page, req.query.size, req.query.coin)),
  );

  route(
    api.swapPrice,
    async (req) => ok(await swap.quote(db, usdt, req.user, req.body.from, req.body.to, req.body.amount)),
    { preHandler: optionalUser(db) },
  );
  route(api.swap, async (req) => ok(await swap.execute(db, ctx.core, usdt, userOf(req), req.body)));

  // Uploads (docs/requirements.md §7: POST /api/common/upload/OSS and /cgform-api/upload/file, form data `file`;
  // answers data.link).
  const upload = async (req: FastifyRequest) => {
    const owner = userOf(req);
    await checkUploadRate(db, owner.id);
    const content = await readFilePart(req);
    const saved = await saveUpload(db, dataDir, owner.id, content);
    return ok({ id: saved.id, link: pathOf(api.uploaded, { id: saved.id }), name: saved.id });
  };
  route(api.uploadOss, upload);
  route(api.uploadFile, upload);
  route(api.uploaded, async (req, reply) => {
    const u = userOf(req);
    const found = await readUpload(db, dataDir, req.params.id, { id: u.id, role: u.role });
    return reply.type(found.mime).header('cache-control', 'private, max-age=3600').send(found.content);
  });
}

/**
 * The bytes of the request's one file part. Whatever the parser cannot read (not form data, no boundary, a
 * truncated part, too many parts) is the caller's mistake, answered 400 with a sentence, never 500.
 */
async function readFilePart(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) fail('uploadMalformed');
  let content: Buffer;
  try {
    const file = await req.file();
    if (!file) fail('uploadMissing');
    content = await file.toBuffer();
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') failTooLarge();
    req.log.info({ err }, 'unreadable upload');
    fail('uploadMalformed');
  }
  return content;
}
