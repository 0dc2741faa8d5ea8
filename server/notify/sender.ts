import type { FastifyBaseLogger } from 'fastify';
import { antiCodeOfEmail } from '../account/security/security.repo.ts';
import { translatorFor, type Translate } from '../i18n/i18n.ts';
import type { Db } from '../storage/db.ts';
import { insertMessage, markDelivered, markFailed, type OutboxMessage, type Transports } from './outbox.repo.ts';

interface OutgoingMessage extends OutboxMessage {
  /** The recipient's language, for the lines the sender adds itself (the anti-phishing code); English without. */
  t?: Translate;
}

/**
 * Puts the anti-phishing code of the account an address is bound to at the top of every e-mail to it, so its owner
 * can tell the platform's mail from a copy (server/account/security). Mail to an address no account has bound, or
 * whose account set no code, goes as it is.
 */
async function withAntiCode(db: Db, msg: OutgoingMessage): Promise<OutboxMessage> {
  const { t = translatorFor('en'), ...plain } = msg;
  const code = plain.channel === 'email' ? await antiCodeOfEmail(db, plain.target) : null;
  return code ? { ...plain, body: `${t('mail.antiCode', { code })}\n\n${plain.body}` } : plain;
}

const CHANNEL_NAMES = { email: 'e-mail', sms: 'SMS' } as const;

/** Where verification codes and notices leave the platform. */
export interface Sender {
  send(msg: OutgoingMessage): Promise<void>;
}

interface SenderOptions {
  smtpUrl?: string | undefined;
  mailFrom: string;
  smsWebhookUrl?: string | undefined;
}

/** Which channels the options give a transport: transportsOf({ smtpUrl: 'smtp://…' }) → { email: true, sms: false }. */
export function transportsOf(opts: Pick<SenderOptions, 'smtpUrl' | 'smsWebhookUrl'>): Transports {
  return { email: Boolean(opts.smtpUrl), sms: Boolean(opts.smsWebhookUrl) };
}

/**
 * Every message is first written to the outbox table (an audit trail, and the inbox of an offline install and of
 * the tests); it is then handed to SMTP or the SMS webhook when those are configured. Without a transport it
 * stays in the outbox, which operators read in the console, and goes to the log. Delivery runs after the request
 * has answered, so a slow mail server never slows a sign-up.
 */
export async function createSender(db: Db, opts: SenderOptions, log: FastifyBaseLogger): Promise<Sender> {
  const transports = transportsOf(opts);
  const missing = (['email', 'sms'] as const).filter((c) => !transports[c]);
  if (missing.length) {
    // A default install says "code sent" to users while nothing leaves: operators must know at once.
    log.warn(
      { channels: missing },
      `No ${missing.map((c) => CHANNEL_NAMES[c]).join(' or ')} transport is configured (SMTP_URL, SMS_WEBHOOK_URL): verification codes of these channels do not leave this server. They wait in the outbox of the operator console (/admin, Outbox tab).`,
    );
  }
  const mailer = opts.smtpUrl ? (await import('nodemailer')).createTransport(opts.smtpUrl) : undefined;

  const deliver = async (id: number, msg: OutboxMessage) => {
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
        log.info(
          { channel: msg.channel, to: msg.target, subject: msg.subject, body: msg.body },
          'outbox message (no transport configured)',
        );
        return;
      }
      await markDelivered(db, id, Date.now());
    } catch (err) {
      log.warn({ err, to: msg.target }, 'message delivery failed');
      await markFailed(db, id, String(err)).catch(() => {});
    }
  };

  return {
    async send(msg) {
      const stamped = await withAntiCode(db, msg);
      void deliver(await insertMessage(db, stamped, Date.now()), stamped);
    },
  };
}
