import { columnTypes } from '../storage/db.ts';
import type { Migration } from '../storage/migrations.ts';

/**
 * Power loans (server/loan): the products operators offer, the applications with their ID photos and reviews
 * (written by their calls), and the loans paid out (written by the trading core's projector). Amounts at 8
 * decimals, rates in 10⁻⁸ a day; a loan's id is its application's.
 */
export const LOAN_MIGRATION: Migration = {
  version: 26,
  name: 'loans',
  up(dialect) {
    const t = columnTypes(dialect);
    return `
CREATE TABLE loan_products (
  id ${t.id},
  name ${t.text} NOT NULL,
  asset ${t.text} NOT NULL,
  daily_rate ${t.int} NOT NULL,
  overdue_rate ${t.int} NOT NULL,
  cycles ${t.text} NOT NULL,
  min_amount ${t.int} NOT NULL,
  max_amount ${t.int} NOT NULL,
  institution ${t.text} NOT NULL,
  open ${t.int} NOT NULL,
  created_at ${t.int} NOT NULL,
  updated_at ${t.int} NOT NULL
);
CREATE TABLE loan_applications (
  id ${t.id},
  user_id ${t.int} NOT NULL,
  product_id ${t.int} NOT NULL,
  asset ${t.text} NOT NULL,
  amount ${t.int} NOT NULL,
  cycle_days ${t.int} NOT NULL,
  daily_rate ${t.int} NOT NULL,
  overdue_rate ${t.int} NOT NULL,
  repay_type ${t.int} NOT NULL,
  front ${t.text} NOT NULL,
  back ${t.text} NOT NULL,
  selfie ${t.text} NOT NULL,
  state ${t.text} NOT NULL,
  reason ${t.text},
  applied_at ${t.int} NOT NULL,
  reviewed_at ${t.int},
  reviewed_by ${t.int}
);
CREATE INDEX loan_applications_user ON loan_applications (user_id, id);
CREATE INDEX loan_applications_state ON loan_applications (state, id);
CREATE TABLE loans (
  id ${t.int} PRIMARY KEY,
  user_id ${t.int} NOT NULL,
  asset ${t.text} NOT NULL,
  principal ${t.int} NOT NULL,
  daily_rate ${t.int} NOT NULL,
  overdue_rate ${t.int} NOT NULL,
  start_at ${t.int} NOT NULL,
  due_at ${t.int} NOT NULL,
  overdue ${t.int} NOT NULL,
  settled ${t.int} NOT NULL,
  interest_paid ${t.int} NOT NULL,
  penalty_paid ${t.int} NOT NULL,
  repaid_at ${t.int}
);
CREATE INDEX loans_user ON loans (user_id, id);
`;
  },
};
