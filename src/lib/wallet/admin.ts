import { call } from '../api/client.ts';
import type { AuditEntry, ExchangeRateItem, Page, RechargeRecord, ReviewStatus, WithdrawalRecord } from '../contract/wallet.ts';

/** The operator console's calls (operators only; the server answers 403 to anyone else). */
export const rechargeQueue = (status: ReviewStatus) => call<Page<RechargeRecord>>('/api/admin/wallet/recharges', { method: 'GET', query: { status } });
export const withdrawalQueue = (status: ReviewStatus) => call<Page<WithdrawalRecord>>('/api/admin/wallet/withdrawals', { method: 'GET', query: { status } });
export const reviewRecharge = (id: number, approve: boolean, reason?: string) => call<RechargeRecord>('/api/admin/wallet/recharge/review', { body: { id, approve, reason } });
export const reviewWithdrawal = (id: number, approve: boolean, reason?: string) => call<WithdrawalRecord>('/api/admin/wallet/withdrawal/review', { body: { id, approve, reason } });
export const auditLog = () => call<Page<AuditEntry>>('/api/admin/audit', { method: 'GET', query: { size: 100 } });
export const saveRates = (rates: Array<Omit<ExchangeRateItem, 'exchange_value'>>) => call<null>('/api/admin/wallet/rates', { body: { rates } });
