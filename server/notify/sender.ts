import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../storage/db.ts';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  target: string;
  subject: string;
  body: string;
}

/** Where verification codes and notices leave the platform. */
export interface Sender {
  send(msg: OutgoingMessage): Promise<void>;
}

export interface SenderOptions {
  smtpUrl?: string;
  mailFrom: string;
  smsWebhookUrl?: string;
}

/**
 * Every message is first written to the outbox table (an audit trail, and the inbox of an offline install and of
 * the tests); it is then handed to SMTP or the SMS webhook when those are configured, or to the log when not.
 * Delivery runs after the request has answered, so a slow mail server never slows a sign-up.
 */
export async function createSender(db: Db, opts: SenderOptions, log: FastifyBaseLogger): Promise<Sender> {
  const mailer = opts.smtpUrl ? (await import('nodemailer')).createTransport(opts.smtpUrl) : undefined;

  const deliver = async (id: unknown, msg: OutgoingMessage) => {
    try {
      if (msg.channel === 'email' && mailer) {
        await mailer.sendMail({ from: opts.mailFrom, to: msg.target, subject: msg.subject, text: msg.body });
      } else if (msg.channel === 'sms' && opts.smsWebhookUrl) {
        const res = await fetch(opts.smsWebhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ to: msg.target, text: msg.body }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!res.ok) throw new Error(`SMS webhook answered ${res.status}`);
      } else {
        log.info({ channel: msg.channel, to: msg.target, subject: msg.subject, body: msg.body }, 'outbox message (no transport configured)');
      }
      await db.run('UPDATE outbox SET delivered_at = ? WHERE id = ?', [Date.now(), id as number]);
    } catch (err) {
      log.warn({ err, to: msg.target }, 'message delivery failed');
      await db.run('UPDATE outbox SET error = ? WHERE id = ?', [String(err), id as number]).catch(() => {});
    }
  };

  return {
    async send(msg) {
      const row = await db.get<{ id: unknown }>(
        'INSERT INTO outbox (channel, target, subject, body, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id',
        [msg.channel, msg.target, msg.subject, msg.body, Date.now()],
      );
      void deliver(row!.id, msg);
    },
  };
}
