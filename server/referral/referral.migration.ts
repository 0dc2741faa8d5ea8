import { columnTypes } from '../storage/db.ts';
import type { Migration } from '../storage/migrations.ts';

/**
 * Referral rebates. A payout is one run of the rebate job: it read the trades after `from_trade` up to `to_trade`
 * (those made before `cut_off`) and paid what their fees earned each referrer. The next run starts where the
 * last ended, and `from_trade` is unique, so two runs can never pay the same trades. Rates live in app_settings.
 * The programme pays for trades made from now on: a starting mark (`from_trade` -1) covers the trades an install
 * already has, so an upgrade does not pay out its whole history at once.
 */
export const REFERRAL_MIGRATION: Migration = {
  version: 20,
  name: 'referral rebates',
  up(dialect) {
    const t = columnTypes(dialect);
    return `
CREATE TABLE referral_payouts (
  id ${t.id},
  from_trade ${t.int} NOT NULL UNIQUE,
  to_trade ${t.int} NOT NULL,
  cut_off ${t.int} NOT NULL,
  paid_at ${t.int} NOT NULL,
  rebates ${t.int} NOT NULL,
  operator_id ${t.int} REFERENCES users(id)
);
CREATE TABLE referral_rebates (
  id ${t.id},
  payout_id ${t.int} NOT NULL REFERENCES referral_payouts(id),
  cut_off ${t.int} NOT NULL,
  referrer_id ${t.int} NOT NULL REFERENCES users(id),
  invitee_id ${t.int} NOT NULL REFERENCES users(id),
  generation ${t.int} NOT NULL,
  asset ${t.text} NOT NULL,
  fee ${t.int} NOT NULL,
  rate_bps ${t.int} NOT NULL,
  amount ${t.int} NOT NULL
);
CREATE INDEX referral_rebates_referrer ON referral_rebates(referrer_id, cut_off);
CREATE INDEX referral_rebates_invitee ON referral_rebates(referrer_id, invitee_id);
INSERT INTO referral_payouts (from_trade, to_trade, cut_off, paid_at, rebates) SELECT -1, COALESCE(MAX(id), 0), COALESCE(MAX(created_at), 0), COALESCE(MAX(created_at), 0), 0 FROM trades;`;
  },
};
