import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../isomorphic/contract/codes.ts';
import type { AllSettings, DictItem } from '../../isomorphic/contract/settings.values.ts';
import type { ExchangeRateItem } from '../../isomorphic/contract/wallet.ts';
import { LOCALES } from '../../isomorphic/i18n/locales.ts';
import { api, operatorToken, testApp } from '../../tests/support/app.ts';
import { FEATURE_DIALECTS, type TestDatabase } from '../../tests/support/databases.ts';
import { translatorFor } from '../i18n/i18n.ts';
import { BILL_TYPES } from '../ledger/account-types.ts';

const dict = (app: FastifyInstance, code: string, lang = 'en') =>
  api<DictItem[]>(app, `/sys/sys/dict/getDictItems/${code}`, { method: 'GET', lang });

/**
 * docs/requirements.md §7 getAllSetting and the dictionaries, on a whole app: what each answers, in the caller's
 * language, and the refusals.
 */
describe.each(FEATURE_DIALECTS)('settings and dictionaries over the API, on %s', (_name, open) => {
  let t: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await open();
    ({ app } = await testApp(t.db, { MARKET_MAKERS: '0', PRODUCT_NAME: 'Acme' }));
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });

  it('answers the platform settings: languages, the display currencies the wallet uses, and the requirements’ defaults', async () => {
    const r = await api<AllSettings>(app, '/api/common/getAllSetting', { lang: 'de' });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({
      productName: 'Acme',
      defaultLanguage: 'en',
      theme: 'daytime',
      timeZone: 'Asia/Hong_Kong',
      timeFormat: 'MM/DD/YYYY HH:mm:ss',
      defaultCurrency: { exchange_code: 'CNY', rate: '1' },
      assetDisplay: { showAllAssets: true, type: 1 },
    });
    expect(r.data.languages.map((l) => l.dictValue)).toEqual([...LOCALES]);
    expect(r.data.languages.find((l) => l.value === 'de')).toEqual({
      value: 'de',
      text: 'Deutsch',
      dictValue: 'de',
      remark: 'Deutsch',
    });
    // The same display rates as the currency picker's call, and they follow an operator's change.
    expect(r.data.currencies).toEqual(
      (await api<ExchangeRateItem[]>(app, '/api/asset/getCoinRate', { method: 'GET' })).data,
    );
    const ops = await operatorToken(app, t.db);
    const rates = [{ exchange_code: 'EUR', quote_currency: 'USDT', code_symbol: '€', rate: '0.9' }];
    expect((await api(app, '/api/admin/wallet/rates', { token: ops, payload: { rates } })).code).toBe(200);
    expect((await api<AllSettings>(app, '/api/common/getAllSetting')).data.currencies).toEqual([
      { ...rates[0], exchange_value: '0.9' },
    ]);
  });

  it('answers the market plates the markets really have, labelled in the caller’s language', async () => {
    const de = translatorFor('de');
    const plates = (await dict(app, 'coin_plate', 'de')).data;
    expect(plates.map((p) => p.value)).toEqual(['main', 'forex', 'metal']);
    expect(plates[1]).toEqual({
      value: 'forex',
      text: de('dict.coin_plate.forex'),
      dictValue: 'forex',
      remark: de('dict.coin_plate.forex'),
    });
    expect(de('dict.coin_plate.forex')).toBe('Devisen');
  });

  it('answers the languages, the repayment types, the bill types and the account types', async () => {
    expect((await dict(app, 'coin_lang', 'ja')).data.map((l) => [l.value, l.remark])).toContainEqual([
      'zh-TW',
      '繁體中文',
    ]);
    expect((await dict(app, 't_repay_type', 'fr')).data).toEqual([
      {
        value: '1',
        text: translatorFor('fr')('loan.repay.1'),
        dictValue: '1',
        remark: translatorFor('fr')('loan.repay.1'),
      },
    ]);
    const bills = (await dict(app, 'bill_type')).data;
    expect(bills.map((b) => b.value)).toEqual([...BILL_TYPES]);
    expect(bills.find((b) => b.value === 'loan_payout')!.text).toBe('Loan paid out');
    expect((await dict(app, 'account_type')).data.map((a) => [a.value, a.text])).toContainEqual(['1', 'Spot account']);
  });

  it('answers an unknown dictionary with a translated 404, for every method that names one', async () => {
    for (const lang of ['en', 'de', 'zh-CN']) {
      const r = await dict(app, 'coin_nope', lang);
      expect([r.status, r.code, r.msg, r.data]).toEqual([
        404,
        ERRORS.dictUnknown,
        translatorFor(lang as 'en')('error.dictUnknown', { code: 'coin_nope' }),
        null,
      ]);
    }
    expect((await dict(app, 'constructor')).status).toBe(404);
    expect((await dict(app, 'no%20such')).code).toBe(ERRORS.badRequest);
    expect((await api(app, '/sys/sys/dict/getDictItems/coin_plate', { method: 'POST' })).status).toBe(404);
  });
});
