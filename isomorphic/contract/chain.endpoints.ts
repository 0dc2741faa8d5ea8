/** Chains and custody (docs/products/chain.md): on-chain deposits, the demo chain's faucet, the operators' view. */
import { endpoint, schemasIn, type } from './endpoint.ts';
import type { ChainDeposit, ChainOverview, ManualAddress } from './chain.ts';
import type { Page } from './page.ts';

const s = schemasIn('chain');
const tags = ['wallet'];

export const chainDeposits = endpoint({
  method: 'GET',
  path: '/api/wallet/chain-deposits',
  auth: 'user',
  query: s('chainDepositsQuery'),
  response: type<Page<ChainDeposit>>(),
  errors: [],
  summary: 'Your deposits seen on chain: pending with confirmations, credited, dust',
  tags,
});

export const faucet = endpoint({
  method: 'POST',
  path: '/api/wallet/faucet',
  auth: 'user',
  body: s('faucetBody'),
  response: type<{ txHash: string }>(),
  errors: ['faucetUnavailable', 'depositNotEnabled', 'faucetTooSoon', 'chainUnavailable'],
  summary: 'Demo chain only: sends test coins to your deposit address from outside the platform',
  tags,
});

export const chainOverview = endpoint({
  method: 'GET',
  path: '/api/admin/chain/overview',
  auth: 'operator',
  response: type<ChainOverview>(),
  errors: ['chainUnavailable'],
  summary: 'Hot wallets, unswept deposit addresses and liabilities per coin',
  tags: ['admin'],
});

export const setChainSettings = endpoint({
  method: 'POST',
  path: '/api/admin/chain/settings',
  auth: 'operator',
  body: s('chainSettingsBody'),
  response: type<ChainOverview>(),
  errors: ['amountInvalid', 'chainCoinUnknown', 'chainUnavailable'],
  summary: 'Auto-approval limits for withdrawals and hot wallet warning thresholds, per coin',
  tags: ['admin'],
});

export const manualAddresses = endpoint({
  method: 'GET',
  path: '/api/admin/wallet/deposit-addresses',
  auth: 'operator',
  response: type<ManualAddress[]>(),
  errors: [],
  summary: 'Deposit addresses operators entered for networks the platform holds no key for (manual review flow)',
  tags: ['admin'],
});

export const setManualAddress = endpoint({
  method: 'POST',
  path: '/api/admin/wallet/deposit-addresses',
  auth: 'operator',
  body: s('manualAddressBody'),
  response: type<ManualAddress[]>(),
  errors: ['addressInvalid', 'unknownNetwork'],
  summary: "Set a manual deposit address for a coin and network (checked by the network's checksum); empty removes it",
  tags: ['admin'],
});
