import type { z } from 'zod';
import type { BankCardView, bankCardBody } from '../../isomorphic/contract/identity.ts';
import { maskPhone } from '../../isomorphic/format/mask.ts';
import { compactAccount, isBankNumber, isSwift } from '../../isomorphic/validate/bank-account.ts';
import type { Clock } from '../clock/clock.ts';
import { fail } from '../outcome.ts';
import type { Db, Row } from '../storage/db.ts';
import { findBankCard, insertBankCard } from './bank.repo.ts';
import { requireVerifiedHolder } from './holder.ts';
import { maskAccount } from './mask.ts';

const orNull = (v: unknown) => (typeof v === 'string' ? v : null);

/** The card as every answer shows it once bound: number and phone masked. */
function toBankCard(r: Row): BankCardView {
  return {
    holder: String(r.holder),
    number: maskAccount(String(r.number)),
    bank: String(r.bank),
    swift: orNull(r.swift),
    branch: orNull(r.branch),
    bankAddress: orNull(r.bank_address),
    homeAddress: orNull(r.home_address),
    phone: typeof r.phone === 'string' ? maskPhone(r.phone) : null,
    boundTime: Number(r.created_at),
  };
}

/** userBank/save: binds the user's one bank card, in their verified name, for good (docs/requirements.md §4). */
export async function bindBankCard(
  db: Db,
  clock: Clock,
  userId: number,
  body: z.output<typeof bankCardBody>,
): Promise<BankCardView> {
  await requireVerifiedHolder(db, userId, body.holder);
  const number = compactAccount(body.number);
  if (!isBankNumber(number)) fail('bankNumberInvalid');
  const swift = body.swift?.toUpperCase() ?? null;
  if (swift && !isSwift(swift)) fail('swiftInvalid');
  const row = await insertBankCard(db, {
    userId,
    holder: body.holder,
    number,
    bank: body.bank,
    swift,
    branch: body.branch ?? null,
    bankAddress: body.bankAddress ?? null,
    homeAddress: body.homeAddress ?? null,
    phone: body.phone ?? null,
    at: clock.now(),
  });
  if (!row) fail('bankCardBound');
  return toBankCard(row);
}

export async function bankCardOf(db: Db, userId: number): Promise<BankCardView | null> {
  const row = await findBankCard(db, userId);
  return row ? toBankCard(row) : null;
}
