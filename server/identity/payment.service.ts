import type { z } from 'zod';
import type { PaymentKind, PaymentMethod, paymentBody } from '../../isomorphic/contract/identity.ts';
import { compactAccount, isBankNumber } from '../../isomorphic/validate/bank-account.ts';
import type { Clock } from '../clock/clock.ts';
import { fail } from '../outcome.ts';
import type { Db, Row } from '../storage/db.ts';
import { requireVerifiedHolder } from './holder.ts';
import { isUniqueViolation, ownsUpload } from './kyc.repo.ts';
import { maskAccount } from './mask.ts';
import * as repo from './payment.repo.ts';

/** How many payment methods one user may keep. */
const MAX_PAYMENT_METHODS = 10;

const orNull = (v: unknown) => (typeof v === 'string' ? v : null);

export function toPayment(r: Row, { unmasked = false } = {}): PaymentMethod {
  const kind = r.kind as PaymentKind;
  return {
    id: Number(r.id),
    kind,
    name: String(r.name),
    // The buyer of an OTC order must see the whole account to pay into it.
    account: kind === 'bank' && !unmasked ? maskAccount(String(r.account)) : String(r.account),
    bank: orNull(r.bank),
    branch: orNull(r.branch),
    qrCode: orNull(r.qr_upload),
    createTime: Number(r.created_at),
    updateTime: Number(r.updated_at),
  };
}

/** The stored fields of a checked method: bank accounts by the bank card's rules, QR images the user's own. */
async function fieldsOf(db: Db, userId: number, body: z.output<typeof paymentBody>): Promise<repo.PaymentFields> {
  await requireVerifiedHolder(db, userId, body.name);
  if (body.kind === 'bank') {
    const account = compactAccount(body.account);
    if (!isBankNumber(account)) fail('bankNumberInvalid');
    return { kind: body.kind, name: body.name, account, bank: body.bank, branch: body.branch ?? null, qrUpload: null };
  }
  if (body.qrCode && !(await ownsUpload(db, userId, body.qrCode))) fail('kycPhotoInvalid');
  return {
    kind: body.kind,
    name: body.name,
    account: body.account,
    bank: null,
    branch: null,
    qrUpload: body.qrCode ?? null,
  };
}

/** POST payment: a new method, or (with `id`) a change to one of the user's own. */
export async function savePayment(
  db: Db,
  clock: Clock,
  userId: number,
  body: z.output<typeof paymentBody>,
): Promise<PaymentMethod> {
  const fields = await fieldsOf(db, userId, body);
  const now = clock.now();
  if (body.id !== undefined) {
    try {
      const row = await repo.updatePayment(db, userId, body.id, fields, now);
      if (!row) fail('paymentNotFound');
      return toPayment(row);
    } catch (err) {
      if (isUniqueViolation(err)) fail('paymentDuplicate');
      throw err;
    }
  }
  if (
    !(await repo.hasPayment(db, userId, fields.kind, fields.account)) &&
    (await repo.paymentCount(db, userId)) >= MAX_PAYMENT_METHODS
  )
    fail('paymentLimit', { max: MAX_PAYMENT_METHODS });
  return toPayment((await repo.upsertPayment(db, userId, fields, now))!);
}

export async function paymentsOf(db: Db, userId: number): Promise<PaymentMethod[]> {
  return (await repo.paymentRows(db, userId)).map((r) => toPayment(r));
}

export async function removePayment(db: Db, userId: number, id: number): Promise<void> {
  if (!(await repo.deletePayment(db, userId, id))) fail('paymentNotFound');
}
