import type { BankCardView } from '../../isomorphic/contract/identity.ts';
import type { Queryable, Row } from '../storage/db.ts';

/** Bank cards: one per user, bound once (the primary key refuses a second). */

/** A card as bound: the view's fields, with the number as entered (every answer masks it). */
type BankCardInsert = Omit<BankCardView, 'boundTime'> & { userId: number; at: number };

/** The bound card, or undefined when the user has one already (a second card, or a racing double submit). */
export function insertBankCard(q: Queryable, c: BankCardInsert): Promise<Row | undefined> {
  return q.get<Row>(
    `INSERT INTO bank_cards (user_id, holder, number, bank, swift, branch, bank_address, home_address, phone, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO NOTHING RETURNING *`,
    [c.userId, c.holder, c.number, c.bank, c.swift, c.branch, c.bankAddress, c.homeAddress, c.phone, c.at],
  );
}

export function findBankCard(q: Queryable, userId: number): Promise<Row | undefined> {
  return q.get<Row>('SELECT * FROM bank_cards WHERE user_id = ?', [userId]);
}
