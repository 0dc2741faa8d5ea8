/**
 * Earn: staking (pledge) and fixed-term finance products (docs/requirements.md §7 /api/{x}/list, /api/order/list,
 * /api/financial/personalIncome), subscriptions and redemptions, and the operators' products, obligations and pool.
 */
import { endpoint, schemasIn, type } from './endpoint.ts';
import type { EarnIncome, EarnObligation, EarnOrder, EarnPool, EarnProduct, RedeemPreview } from './earn.ts';
import type { Page } from './wallet.ts';

const s = schemasIn('earn');
const tags = ['earn'];
const amountErrors = ['invalidNumber', 'tooPrecise', 'tooLarge', 'mustBePositive'] as const;

export const productList = endpoint({
  method: 'POST',
  path: '/api/:x/list',
  auth: 'none',
  params: s('kindParams'),
  response: type<EarnProduct[]>(),
  errors: [],
  summary:
    'The products of a kind: x = pledge (staking) or finance (fixed-term), with what is left and, signed in, your count',
  tags,
});

export const productDetail = endpoint({
  method: 'GET',
  path: '/api/earn/product',
  auth: 'none',
  query: s('productQuery'),
  response: type<EarnProduct>(),
  errors: ['earnProductUnknown'],
  summary: 'One product',
  tags,
});

export const subscribeEarn = endpoint({
  method: 'POST',
  path: '/api/earn/subscribe',
  auth: 'user',
  body: s('subscribeBody'),
  response: type<EarnOrder>(),
  errors: [
    ...amountErrors,
    'earnProductUnknown',
    'earnProductClosed',
    'earnOutsideLimits',
    'earnSoldOut',
    'earnPerUserLimit',
    'earnPoolShort',
    'insufficientBalance',
    'defiNotLinked',
  ],
  summary: 'Subscribe from your spot account: the amount is held in your finance account until the end of the cycle',
  tags,
});

export const redeemPreview = endpoint({
  method: 'GET',
  path: '/api/earn/redeem/preview',
  auth: 'user',
  query: s('productQuery'),
  response: type<RedeemPreview>(),
  errors: ['earnOrderUnknown'],
  summary: 'What redeeming one of your orders now would give back, and what it would forfeit',
  tags,
});

export const redeemEarn = endpoint({
  method: 'POST',
  path: '/api/earn/redeem',
  auth: 'user',
  body: s('redeemBody'),
  response: type<EarnOrder>(),
  errors: ['earnOrderUnknown', 'earnLocked'],
  summary:
    'Redeem one of your orders: after its end with its interest; before, the principal alone where the product allows it',
  tags,
});

export const earnOrders = endpoint({
  method: 'POST',
  path: '/api/order/list',
  auth: 'user',
  query: s('earnOrderQuery'),
  response: type<Page<EarnOrder>>(),
  errors: [],
  summary: 'Your staking and finance orders, newest first, with the interest accrued so far',
  tags,
});

export const personalIncome = endpoint({
  method: 'POST',
  path: '/api/financial/personalIncome',
  auth: 'user',
  query: s('incomeQuery'),
  response: type<Page<EarnIncome>>(),
  errors: [],
  summary: 'What your orders paid when they ended, newest first',
  tags,
});

export const adminEarn = endpoint({
  method: 'GET',
  path: '/api/admin/earn/products',
  auth: 'operator',
  response: type<{ products: EarnProduct[]; obligations: EarnObligation[]; pools: EarnPool[] }>(),
  errors: [],
  summary: 'Every product, what open orders are owed per product, and the earn pool per coin',
  tags,
});

export const saveEarnProduct = endpoint({
  method: 'POST',
  path: '/api/admin/earn/product',
  auth: 'operator',
  body: s('productBody'),
  response: type<EarnProduct>(),
  errors: [...amountErrors, 'earnProductUnknown', 'earnRateInvalid', 'earnLimitsInvalid', 'unknownAsset'],
  summary: 'Create a product or change one; orders already taken keep their terms (audited)',
  tags,
});

export const fundEarnPool = endpoint({
  method: 'POST',
  path: '/api/admin/earn/fundPool',
  auth: 'operator',
  body: s('fundPoolBody'),
  response: type<EarnPool>(),
  errors: [...amountErrors, 'unknownAsset'],
  summary: 'Add to the earn pool of a coin from outside (audited)',
  tags,
});
