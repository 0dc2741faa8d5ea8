/**
 * OTC trading with merchants: the ad market, orders with escrow, merchant applications and ads, appeals, the order and
 * customer-service chat (docs/requirements.md §7 coin/buy/sendChatRecord and getChatRecord), and the operators' queues.
 */
import { endpoint, schemasIn, type } from './endpoint.ts';
import type {
  ChatLine,
  ChatUnread,
  MerchantApplication,
  MerchantStatus,
  OtcAd,
  OtcAppealCase,
  OtcOrder,
  OtcOwnAd,
} from './otc.ts';
import type { Page } from './wallet.ts';

const s = schemasIn('otc');
const tags = ['otc'];
const amountErrors = ['invalidNumber', 'tooPrecise', 'tooLarge', 'mustBePositive'] as const;
const orderErrors = ['otcOrderUnknown', 'otcOrderState'] as const;

export const adList = endpoint({
  method: 'GET',
  path: '/api/otc/ads',
  auth: 'none',
  query: s('adListQuery'),
  response: type<Page<OtcAd>>(),
  errors: ['otcUnknownCoin', 'otcUnknownFiat'],
  summary: 'Online ads you can take: side buy lists merchants selling, side sell merchants buying; best price first',
  tags,
});

export const takeAd = endpoint({
  method: 'POST',
  path: '/api/otc/order/take',
  auth: 'user',
  body: s('takeBody'),
  response: type<OtcOrder>(),
  errors: [
    ...amountErrors,
    'otcAdUnavailable',
    'otcOwnAd',
    'otcPriceChanged',
    'otcNoPrice',
    'otcOutsideLimits',
    'otcActiveCap',
    'otcPaymentRequired',
    'otcPaymentUnknown',
    'insufficientBalance',
  ],
  summary: 'Take an ad: the seller’s coins go into escrow at once and the payment window starts',
  tags,
});

export const orderList = endpoint({
  method: 'GET',
  path: '/api/otc/order/list',
  auth: 'user',
  query: s('orderListQuery'),
  response: type<Page<OtcOrder>>(),
  errors: ['otcNotMerchant'],
  summary: 'Your OTC orders (role merchant: the orders on your ads), active or done, newest first',
  tags,
});

export const orderDetail = endpoint({
  method: 'GET',
  path: '/api/otc/order/detail',
  auth: 'user',
  query: s('orderIdQuery'),
  response: type<OtcOrder>(),
  errors: ['otcOrderUnknown'],
  summary: 'One of your OTC orders, with the seller’s payment details and the appeal',
  tags,
});

export const markPaid = endpoint({
  method: 'POST',
  path: '/api/otc/order/paid',
  auth: 'user',
  body: s('paidBody'),
  response: type<OtcOrder>(),
  errors: [...orderErrors, 'otcNotBuyer', 'otcPaymentUnknown', 'uploadUnknown'],
  summary: 'Buyer: say you have paid, by which of the seller’s methods, with an optional proof image',
  tags,
});

export const cancelOrder = endpoint({
  method: 'POST',
  path: '/api/otc/order/cancel',
  auth: 'user',
  body: s('orderIdBody'),
  response: type<OtcOrder>(),
  errors: [...orderErrors, 'otcNotBuyer'],
  summary: 'Buyer: cancel an order you have not paid; the escrow goes back to the seller',
  tags,
});

export const releaseOrder = endpoint({
  method: 'POST',
  path: '/api/otc/order/release',
  auth: 'user',
  body: s('releaseBody'),
  response: type<OtcOrder>(),
  errors: [...orderErrors, 'otcNotSeller', 'fundPasswordNotSet', 'fundPasswordWrong', 'fundPasswordLocked'],
  summary: 'Seller: confirm the fiat arrived; the escrowed coins go to the buyer',
  tags,
});

export const appealOrder = endpoint({
  method: 'POST',
  path: '/api/otc/order/appeal',
  auth: 'user',
  body: s('appealBody'),
  response: type<OtcOrder>(),
  errors: [...orderErrors, 'otcAppealExists', 'uploadUnknown'],
  summary: 'Either side of a paid order: ask an operator to rule; the escrow stays locked until then',
  tags,
});

export const merchantStatus = endpoint({
  method: 'GET',
  path: '/api/otc/merchant/status',
  auth: 'user',
  response: type<MerchantStatus>(),
  errors: [],
  summary: 'Your merchant application or standing, and what applying needs',
  tags,
});

export const applyMerchant = endpoint({
  method: 'POST',
  path: '/api/otc/merchant/apply',
  auth: 'user',
  response: type<MerchantStatus>(),
  errors: ['otcMerchantLevel', 'otcMerchantApplied', 'insufficientBalance'],
  summary: 'Apply to be a merchant: the deposit is held from your OTC account until an operator decides',
  tags,
});

export const ownAds = endpoint({
  method: 'GET',
  path: '/api/otc/merchant/ads',
  auth: 'user',
  response: type<OtcOwnAd[]>(),
  errors: ['otcNotMerchant'],
  summary: 'Your ads, open and closed, newest first',
  tags,
});

export const saveAd = endpoint({
  method: 'POST',
  path: '/api/otc/merchant/ad',
  auth: 'user',
  body: s('adBody'),
  response: type<OtcOwnAd>(),
  errors: [
    ...amountErrors,
    'otcNotMerchant',
    'otcUnknownCoin',
    'otcUnknownFiat',
    'otcPriceRequired',
    'otcFloatRange',
    'otcFloatingNoIndex',
    'otcLimitsInvalid',
    'otcPaymentRequired',
    'otcPaymentUnknown',
    'otcAdUnknown',
    'otcAdChange',
    'insufficientBalance',
  ],
  summary: 'Post an ad (a sell ad holds its coins from your merchant account) or change one of yours',
  tags,
});

export const setAdOnline = endpoint({
  method: 'POST',
  path: '/api/otc/merchant/ad/online',
  auth: 'user',
  body: s('adOnlineBody'),
  response: type<OtcOwnAd>(),
  errors: ['otcNotMerchant', 'otcAdUnknown'],
  summary: 'Show or hide one of your ads (its coins stay held)',
  tags,
});

export const closeAd = endpoint({
  method: 'POST',
  path: '/api/otc/merchant/ad/close',
  auth: 'user',
  body: s('adIdBody'),
  response: type<OtcOwnAd>(),
  errors: ['otcNotMerchant', 'otcAdUnknown'],
  summary: 'Close one of your ads: what it still holds goes back to your merchant account; open orders go on',
  tags,
});

export const sendChat = endpoint({
  method: 'POST',
  path: '/api/app/coin/buy/sendChatRecord',
  auth: 'user',
  body: s('sendChatBody'),
  response: type<ChatLine>(),
  errors: ['chatUnknown', 'uploadUnknown'],
  summary: 'Send a line to an order’s chat or to customer service (text 1–400 characters, or an uploaded image)',
  tags,
});

export const chatRecords = endpoint({
  method: 'POST',
  path: '/api/app/coin/buy/getChatRecord/:x',
  auth: 'user',
  params: s('chatKeyParams'),
  body: s('chatPageBody'),
  response: type<Page<ChatLine>>(),
  errors: ['chatUnknown'],
  summary: 'A chat’s lines, newest page first (15 a page); reading marks the chat read',
  tags,
});

export const chatUnread = endpoint({
  method: 'GET',
  path: '/api/otc/chat/unread',
  auth: 'user',
  response: type<ChatUnread[]>(),
  errors: [],
  summary: 'Your chats with unread lines (operators: the customer-service inbox)',
  tags,
});

export const merchantQueue = endpoint({
  method: 'GET',
  path: '/api/admin/otc/merchants',
  auth: 'operator',
  query: s('merchantQueueQuery'),
  response: type<Page<MerchantApplication>>(),
  errors: [],
  summary: 'Merchant applications by state, oldest pending first',
  tags,
});

export const reviewMerchant = endpoint({
  method: 'POST',
  path: '/api/admin/otc/merchant/review',
  auth: 'operator',
  body: s('reviewBody'),
  response: type<MerchantApplication>(),
  errors: ['otcApplicationUnknown'],
  summary:
    'Approve an application (the deposit moves to the merchant account) or reject it (the deposit is released); audited',
  tags,
});

export const appealQueue = endpoint({
  method: 'GET',
  path: '/api/admin/otc/appeals',
  auth: 'operator',
  query: s('appealQueueQuery'),
  response: type<Page<OtcAppealCase>>(),
  errors: [],
  summary: 'Appealed orders, oldest first, with both sides, the proofs and the chat to read',
  tags,
});

export const ruleAppeal = endpoint({
  method: 'POST',
  path: '/api/admin/otc/appeal/rule',
  auth: 'operator',
  body: s('ruleBody'),
  response: type<OtcAppealCase>(),
  errors: ['otcOrderUnknown', 'otcOrderState'],
  summary: 'Rule an appeal: release the escrow to the buyer or refund it to the seller; audited',
  tags,
});
