/**
 * The platform's settings and dictionaries (docs/requirements.md §7 getAllSetting and
 * /sys/sys/dict/getDictItems/{dictCode}).
 */
import { endpoint, schemasIn, type } from './endpoint.ts';
import type { AllSettings, DictItem } from './settings.values.ts';

const s = schemasIn('settings');
const tags = ['settings'];

export const allSettings = endpoint({
  method: 'POST',
  path: '/api/common/getAllSetting',
  auth: 'none',
  response: type<AllSettings>(),
  errors: [],
  summary:
    'The platform settings of docs/requirements.md §3: languages, display currencies with their rates, and the display defaults',
  tags,
});

export const dictItems = endpoint({
  method: 'GET',
  path: '/sys/sys/dict/getDictItems/:dictCode',
  auth: 'none',
  params: s('dictParams'),
  response: type<DictItem[]>(),
  errors: ['dictUnknown'],
  summary:
    'The entries of a dictionary (coin_plate, coin_lang, t_repay_type, bill_type, account_type), labelled in the request’s language; an unknown one is HTTP 404',
  tags,
});
