import { columnTypes } from '../storage/db.ts';
import type { Migration } from '../storage/migrations.ts';

/**
 * Identity verification (submissions under review, one per user at a time; an identity verified once across all
 * accounts), the bank card (one per user, bound for good) and payment methods for OTC trades.
 */
export const IDENTITY_MIGRATION: Migration = {
  version: 17,
  name: 'identity: verification submissions, bank cards, payment methods',
  up(dialect) {
    const t = columnTypes(dialect);
    return `
CREATE TABLE kyc_requests (
  id ${t.id},
  user_id ${t.int} NOT NULL REFERENCES users(id),
  level ${t.int} NOT NULL,
  status ${t.text} NOT NULL DEFAULT 'review',
  real_name ${t.text} NOT NULL,
  country ${t.text} NOT NULL,
  id_type ${t.text} NOT NULL,
  id_number ${t.text} NOT NULL,
  front_upload ${t.text} REFERENCES uploads(id),
  back_upload ${t.text} REFERENCES uploads(id),
  selfie_upload ${t.text} REFERENCES uploads(id),
  reason ${t.text},
  reviewer_id ${t.int},
  created_at ${t.int} NOT NULL,
  reviewed_at ${t.int}
);
CREATE INDEX kyc_requests_user ON kyc_requests(user_id, level, id);
CREATE INDEX kyc_requests_status ON kyc_requests(status, id);
CREATE UNIQUE INDEX kyc_requests_one_pending ON kyc_requests(user_id) WHERE status = 'review';
CREATE UNIQUE INDEX kyc_requests_one_identity ON kyc_requests(country, id_type, id_number) WHERE status = 'passed' AND level = 1;
CREATE TABLE bank_cards (
  user_id ${t.int} PRIMARY KEY REFERENCES users(id),
  holder ${t.text} NOT NULL,
  number ${t.text} NOT NULL,
  bank ${t.text} NOT NULL,
  swift ${t.text},
  branch ${t.text},
  bank_address ${t.text},
  home_address ${t.text},
  phone ${t.text},
  created_at ${t.int} NOT NULL
);
CREATE TABLE payment_methods (
  id ${t.id},
  user_id ${t.int} NOT NULL REFERENCES users(id),
  kind ${t.text} NOT NULL,
  name ${t.text} NOT NULL,
  account ${t.text} NOT NULL,
  bank ${t.text},
  branch ${t.text},
  qr_upload ${t.text} REFERENCES uploads(id),
  created_at ${t.int} NOT NULL,
  updated_at ${t.int} NOT NULL
);
CREATE INDEX payment_methods_user ON payment_methods(user_id, id);
CREATE UNIQUE INDEX payment_methods_account ON payment_methods(user_id, kind, account);`;
  },
};
