import { columnTypes } from '../../storage/db.ts';
import type { Migration } from '../../storage/migrations.ts';

/**
 * Devices and the login log. A device is one login: the session family that its refreshes continue (server/user
 * sessions), with the browser's user agent, its address, when it was first and last seen, and a name its owner
 * may give it. Families already signed in when this runs become devices too.
 */
export const DEVICES_MIGRATION: Migration = {
  version: 16,
  name: 'devices and login log',
  up(dialect) {
    const t = columnTypes(dialect);
    return `
CREATE TABLE devices (
  id ${t.id},
  user_id ${t.int} NOT NULL REFERENCES users(id),
  family ${t.text} NOT NULL UNIQUE,
  name ${t.text},
  ip ${t.text},
  user_agent ${t.text},
  first_seen_at ${t.int} NOT NULL,
  last_seen_at ${t.int} NOT NULL
);
CREATE INDEX devices_user ON devices(user_id);
INSERT INTO devices (user_id, family, ip, user_agent, first_seen_at, last_seen_at)
  SELECT user_id, family, MAX(ip), MAX(user_agent), MIN(issued_at), MAX(issued_at) FROM sessions GROUP BY user_id, family;
CREATE TABLE login_log (
  id ${t.id},
  user_id ${t.int} NOT NULL REFERENCES users(id),
  result ${t.text} NOT NULL,
  ip ${t.text},
  user_agent ${t.text},
  created_at ${t.int} NOT NULL
);
CREATE INDEX login_log_user ON login_log(user_id, id);`;
  },
};
