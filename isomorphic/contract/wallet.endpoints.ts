/**
 * Wallets (docs/requirements.md §7 "Assets", texchange, upload): balances, deposits, withdrawals, transfers, swap,
 * bills.
 */
import { endpoint, schemasIn, type } from './endpoint.ts';
import type {
  AssetDecimals,
  Balance,
  BillRecord,
  CoinNetwork,
  CurrencyAccountRow,
  DepositAddress,
  ExchangeRateItem,
  Page,
  RechargeRecord,
  SwapQuote,
  SwapResult,
  TransferRecord,
  Uploaded,
  WalletAccount,
  WithdrawalRecord,
} from './wallet.ts';

const s = schemasIn('wallet');
/** Withdrawals travel sealed, as password changes do (isomorphic/crypto/seal.ts). */
const sealed = schemasIn('user')('sealedBody');
const tags = ['wallet'];

export const walletAccount = endpoint({
  method: 'GET',
  path: '/api/asset/getWalletAccount',
  auth: 'user',
  response: type<WalletAccount[]>(),
  errors: [],
  summary: 'Your account types with their USDT value; type 0 is the total',
  tags,
});

export const currencyAccount = endpoint({
  method: 'POST',
  path: '/api/asset/getCurrencyAccount',
  auth: 'user',
  query: s('balanceTypeQuery'),
  response: type<CurrencyAccountRow[]>(),
  errors: [],
  summary: 'Every coin with your balance in one account type (0: all)',
  tags,
});

export const myBalance = endpoint({
  method: 'GET',
  path: '/api/asset/getMyBalance',
  auth: 'user',
  query: s('myBalanceQuery'),
  response: type<Balance[]>(),
  errors: [],
  summary: 'Your balances in one account type (1 spot)',
  tags,
});

export const coinRate = endpoint({
  method: 'GET',
  path: '/api/asset/getCoinRate',
  auth: 'none',
  response: type<ExchangeRateItem[]>(),
  errors: [],
  summary: 'Display currencies: exchange-rate items of one USDT (docs/requirements.md §3)',
  tags,
});

export const myBill = endpoint({
  method: 'POST',
  path: '/api/asset/getMyBill',
  auth: 'user',
  query: s('billQuery'),
  response: type<Page<BillRecord>>(),
  errors: [],
  summary: 'Your bills: every ledger line, newest first',
  tags,
});

export const transferFunds = endpoint({
  method: 'POST',
  path: '/api/asset/transferFunds',
  auth: 'user',
  body: s('transferBody'),
  response: type<TransferRecord>(),
  errors: [
    'accountTypeNotAllowed',
    'sameAccount',
    'amountInvalid',
    'unknownAsset',
    'insufficientBalance',
    'contractMarginReserved',
  ],
  summary: 'Move funds between your own account types',
  tags,
});

export const transfers = endpoint({
  method: 'GET',
  path: '/api/app/coin/wallet/trans',
  auth: 'user',
  query: s('pageQuery'),
  response: type<Page<TransferRecord>>(),
  errors: [],
  summary: 'Your transfers between account types',
  tags,
});

export const rechargeCurrency = endpoint({
  method: 'GET',
  path: '/api/asset/getRechargeCurrency',
  auth: 'none',
  response: type<CoinNetwork[]>(),
  errors: [],
  summary: 'Coins and networks for deposits and withdrawals, with withdrawal fee and minimum',
  tags,
});

export const assetDecimals = endpoint({
  method: 'GET',
  path: '/api/asset/getAssetDecimals',
  auth: 'none',
  response: type<AssetDecimals[]>(),
  errors: [],
  summary: 'Each active asset with its display decimals, for visitors as for users',
  tags,
});

export const depositAddress = endpoint({
  method: 'GET',
  path: '/api/asset/getDepositAddress/:coin',
  auth: 'user',
  params: s('coinParam'),
  query: s('depositAddressQuery'),
  response: type<DepositAddress>(),
  errors: ['unknownNetwork'],
  summary: 'Your deposit address for a coin and network',
  tags,
});

export const submitRecharge = endpoint({
  method: 'POST',
  path: '/api/recharge/submit',
  auth: 'user',
  body: s('rechargeBody'),
  response: type<RechargeRecord>(),
  errors: ['unknownNetwork', 'amountInvalid', 'screenshotRequired'],
  summary: 'Submit a deposit with its payment screenshot (reviewed by an operator)',
  tags,
});

export const rechargeLog = endpoint({
  method: 'POST',
  path: '/api/asset/getRechargeLog',
  auth: 'user',
  query: s('pageQuery'),
  response: type<Page<RechargeRecord>>(),
  errors: [],
  summary: 'Your deposits',
  tags,
});

const WITHDRAWAL_ERRORS = [
  'sealedInvalid',
  // Account security (server/account/security): a pause after a security change, the whitelist, the authenticator.
  'withdrawalsLocked',
  'addressNotWhitelisted',
  'googleCodeRequired',
  'googleCodeWrong',
  'googleCodeUsed',
  'googleCodeLocked',
  'unknownNetwork',
  'addressInvalid',
  'amountInvalid',
  'amountTooSmall',
  'fundPasswordNotSet',
  'fundPasswordWrong',
  'fundPasswordLocked',
  'insufficientBalance',
  'tooManyRequests',
] as const;

export const withdrawal = endpoint({
  method: 'POST',
  path: '/api/asset/withdrawal',
  auth: 'user',
  body: sealed,
  response: type<WithdrawalRecord>(),
  errors: WITHDRAWAL_ERRORS,
  summary:
    'Request a withdrawal (sealed body: coin, method, network, address, amount, fundPassword, googleCode once the authenticator is bound)',
  tags,
});

export const withdrawSubmit = endpoint({
  ...withdrawal,
  path: '/api/withdraw/submit',
  summary: 'Alias of /api/asset/withdrawal',
});

export const withdrawalLog = endpoint({
  method: 'POST',
  path: '/api/asset/getWithdrawalLog',
  auth: 'user',
  query: s('pageQuery'),
  response: type<Page<WithdrawalRecord>>(),
  errors: [],
  summary: 'Your withdrawals',
  tags,
});

export const swapPrice = endpoint({
  method: 'POST',
  path: '/api/texchange/getCurrencyPrice',
  auth: 'none',
  body: s('priceBody'),
  response: type<SwapQuote>(),
  errors: ['sameCoin', 'noPrice', 'unknownAsset', 'amountInvalid'],
  summary: 'A swap quote from the index prices, valid 30 s; executable once, by the signed-in user it was quoted to',
  tags,
});

export const swap = endpoint({
  method: 'POST',
  path: '/api/texchange/currencyExchange',
  auth: 'user',
  body: s('exchangeBody'),
  response: type<SwapResult>(),
  errors: [
    'quoteExpired',
    'quoteUsed',
    'priceMoved',
    'amountInvalid',
    'amountTooSmall',
    'swapAboveLimit',
    'swapInventoryShort',
    'insufficientBalance',
  ],
  summary:
    'Swap at a quote (or the live index when that gives less); refused when the price moved beyond the tolerance, the quote was used, or the desk is short',
  tags,
});

/**
 * Uploads take form data with one part `file` (docs/requirements.md §7); the handler reads and checks the bytes itself.
 */
export const uploadOss = endpoint({
  method: 'POST',
  path: '/api/common/upload/OSS',
  auth: 'user',
  body: type<FormData>(),
  response: type<Uploaded>(),
  errors: [
    'uploadMalformed',
    'uploadMissing',
    'uploadNotImage',
    'uploadTooLarge',
    'uploadRateLimited',
    'uploadQuotaExceeded',
  ],
  summary: 'Upload an image (PNG, JPEG, WEBP, GIF; at most 5 MB; 20 a minute and 200 MB stored per user)',
  tags,
});

export const uploadFile = endpoint({
  ...uploadOss,
  path: '/cgform-api/upload/file',
  summary: 'Upload an image (form data file); answers data.link',
});

/** The image's bytes, not an envelope (errors still are). */
export const uploaded = endpoint({
  method: 'GET',
  path: '/api/common/upload/file/:id',
  auth: 'user',
  params: s('uploadIdParams'),
  response: type<Blob>(),
  errors: ['recordNotFound'],
  summary: 'An uploaded image, for its owner and operators',
  tags,
});
