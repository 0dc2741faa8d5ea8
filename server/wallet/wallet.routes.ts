import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sealedBody } from '../../src/lib/contract/user.ts';
import { balanceTypeQuery, billQuery, coinParam, depositAddressQuery, exchangeBody, pageQuery, priceBody, rechargeBody, transferBody, withdrawalPlain, type WithdrawalPlain } from '../../src/lib/contract/wallet.ts';
import type { SealedBox } from '../crypto/sealed-box.ts';
import type { Exchange } from '../exchange/exchange.ts';
import { requireUser, userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { AppError, fail, ValidationFailure } from '../http/errors.ts';
import type { Db } from '../storage/db.ts';
import { MAX_UPLOAD_BYTES, readUpload, saveUpload } from './uploads.ts';
import * as swap from './swap.service.ts';
import * as wallet from './wallet.service.ts';

export interface WalletDeps {
  db: Db;
  exchange: Exchange;
  sealedBox: SealedBox;
  dataDir: string;
}

/** Wallets (spec §7 "Assets", texchange, upload): balances, deposits, withdrawals, transfers, swap, bills. */
export async function walletRoutes(app: FastifyInstance, { db, exchange, sealedBox, dataDir }: WalletDeps): Promise<void> {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const authed = { preHandler: requireUser(db) };
  const tags = ['wallet'];

  r.get('/api/asset/getWalletAccount', { ...authed, schema: { tags, summary: 'Your account types with their USDT value; type 0 is the total' } }, async (req) =>
    ok(await wallet.walletAccounts(db, exchange, userOf(req))),
  );
  r.post('/api/asset/getCurrencyAccount', { ...authed, schema: { tags, summary: 'Every coin with your balance in one account type (0: all)', querystring: balanceTypeQuery } }, async (req) =>
    ok(await wallet.currencyAccount(db, exchange, userOf(req), req.query.type)),
  );
  r.get('/api/asset/getCoinRate', { schema: { tags, summary: 'Display currencies: exchange-rate items of one USDT (spec §3)' } }, async () => ok(await wallet.coinRates(db)));
  r.post('/api/asset/getMyBill', { ...authed, schema: { tags, summary: 'Your bills: every ledger line, newest first', querystring: billQuery } }, async (req) =>
    ok(await wallet.bills(db, userOf(req).id, req.query)),
  );
  r.post('/api/asset/transferFunds', { ...authed, schema: { tags, summary: 'Move funds between your own account types', body: transferBody } }, async (req) =>
    ok(await wallet.transfer(db, userOf(req), req.body)),
  );
  r.get('/api/app/coin/wallet/trans', { ...authed, schema: { tags, summary: 'Your transfers between account types', querystring: pageQuery } }, async (req) =>
    ok(await wallet.transfers(db, userOf(req).id, req.query.page, req.query.size, req.query.coin)),
  );

  r.get('/api/asset/getRechargeCurrency', { schema: { tags, summary: 'Coins and networks for deposits and withdrawals, with withdrawal fee and minimum' } }, async () => ok(await wallet.networks(db)));
  r.get('/api/asset/getDepositAddress/:coin', { ...authed, schema: { tags, summary: 'Your deposit address for a coin and network', params: coinParam, querystring: depositAddressQuery } }, async (req) =>
    ok(await wallet.addressFor(db, userOf(req).id, req.params.coin, req.query.network)),
  );
  r.post('/api/recharge/submit', { ...authed, schema: { tags, summary: 'Submit a deposit with its payment screenshot (reviewed by an operator)', body: rechargeBody } }, async (req) =>
    ok(await wallet.submitRecharge(db, userOf(req), req.body)),
  );
  r.post('/api/asset/getRechargeLog', { ...authed, schema: { tags, summary: 'Your deposits', querystring: pageQuery } }, async (req) =>
    ok(await wallet.listOf(db, 'recharges', userOf(req).id, req.query.page, req.query.size, req.query.coin)),
  );

  const withdraw = async (req: FastifyRequest<{ Body: { sealed: string } }>) => {
    const plain = sealedBox.open<unknown>(req.body.sealed);
    const parsed = withdrawalPlain.safeParse(plain);
    if (!parsed.success) throw new ValidationFailure(parsed.error.issues.map((i) => ({ keyword: i.code, instancePath: `/${i.path.join('/')}`, message: i.message })));
    return ok(await wallet.submitWithdrawal(db, userOf(req), parsed.data as WithdrawalPlain & { coin: string }));
  };
  const limited = { rateLimit: { max: 30, timeWindow: '1 minute' } };
  r.post('/api/asset/withdrawal', { ...authed, config: limited, schema: { tags, summary: 'Request a withdrawal (sealed body: coin, method, network, address, amount, fundPassword)', body: sealedBody } }, withdraw);
  r.post('/api/withdraw/submit', { ...authed, config: limited, schema: { tags, summary: 'Alias of /api/asset/withdrawal', body: sealedBody } }, withdraw);
  r.post('/api/asset/getWithdrawalLog', { ...authed, schema: { tags, summary: 'Your withdrawals', querystring: pageQuery } }, async (req) =>
    ok(await wallet.listOf(db, 'withdrawals', userOf(req).id, req.query.page, req.query.size, req.query.coin)),
  );

  r.post('/api/texchange/getCurrencyPrice', { schema: { tags, summary: 'A swap quote from the live market, valid 30 s', body: priceBody } }, async (req) =>
    ok(await swap.quote(db, exchange, req.body.from, req.body.to, req.body.amount)),
  );
  r.post('/api/texchange/currencyExchange', { ...authed, schema: { tags, summary: 'Swap at a quote, or refuse when the price moved beyond the tolerance', body: exchangeBody } }, async (req) =>
    ok(await swap.execute(db, exchange, userOf(req), req.body)),
  );

  // Uploads (spec §7: POST /api/common/upload/OSS and /cgform-api/upload/file, form data `file`; answers data.link).
  const upload = async (req: FastifyRequest) => {
    if (!req.isMultipart()) fail('uploadMissing');
    let file;
    try {
      file = await req.file();
      if (!file) fail('uploadMissing');
      const content = await file.toBuffer();
      const saved = await saveUpload(db, dataDir, userOf(req).id, content);
      return ok({ id: saved.id, link: `/api/common/upload/file/${saved.id}`, name: saved.id });
    } catch (err) {
      if (err instanceof AppError) throw err;
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') fail('uploadTooLarge', { max: '5 MB' });
      throw err;
    }
  };
  r.post('/api/common/upload/OSS', { ...authed, schema: { tags, summary: 'Upload an image (PNG, JPEG, WEBP, GIF; at most 5 MB)' } }, upload);
  r.post('/cgform-api/upload/file', { ...authed, schema: { tags, summary: 'Upload an image (form data file); answers data.link' } }, upload);
  r.get('/api/common/upload/file/:id', { ...authed, schema: { tags, summary: 'An uploaded image, for its owner and operators', params: z.object({ id: z.string().max(60) }) } }, async (req, reply) => {
    const u = userOf(req);
    const found = await readUpload(db, dataDir, req.params.id, { id: u.id, role: u.role });
    return reply.type(found.mime).header('cache-control', 'private, max-age=3600').send(found.content);
  });
}
