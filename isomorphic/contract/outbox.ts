/** One message of the outbox (GET /api/admin/outbox): every e-mail and SMS the platform wrote, as operators see it. */
export interface OutboxEntry {
  id: number;
  channel: 'email' | 'sms';
  target: string;
  subject: string;
  body: string;
  /** Milliseconds since the epoch. */
  time: number;
  /** 'delivered' once SMTP or the SMS webhook took it; 'kept' when no transport is configured for its channel. */
  status: 'pending' | 'delivered' | 'kept' | 'failed';
}
