import { columnTypes } from '../storage/db.ts';
import type { Migration } from '../storage/migrations.ts';

/**
 * Price alerts (docs/products/alerts.md). `target` and the values are integers as text: a price in the market's
 * price units, or a 24 h change in basis points. `from_trade` is the market's last trade id when the alert was set,
 * so only later trades can fire it. `state` moves once, from `active` to `fired`, by a conditional UPDATE: that claim
 * is what makes an alert fire once however many processes check it.
 */
export const ALERTS_MIGRATION: Migration = {
  version: 39,
  name: 'price alerts',
  up(dialect) {
    const t = columnTypes(dialect);
    return `
CREATE TABLE price_alerts (
  id ${t.id},
  user_id ${t.int} NOT NULL REFERENCES users(id),
  symbol ${t.text} NOT NULL,
  kind ${t.text} NOT NULL,
  target ${t.text} NOT NULL,
  note ${t.text} NOT NULL DEFAULT '',
  locale ${t.text} NOT NULL,
  state ${t.text} NOT NULL DEFAULT 'active',
  start_value ${t.text} NOT NULL,
  from_trade ${t.int} NOT NULL,
  created_at ${t.int} NOT NULL,
  fired_at ${t.int},
  fired_value ${t.text}
);
CREATE INDEX price_alerts_user ON price_alerts(user_id, state, id);
CREATE INDEX price_alerts_active ON price_alerts(state, symbol);`;
  },
};
