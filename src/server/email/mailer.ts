// Outgoing e-mail (docs/identity.md): through SMTP (nodemailer) when SMTP_URL is configured, otherwise into
// the email_outbox table, which an admin reads through GET /admin/outbox in development.
//
// `deliverLater` hands a message over without waiting for the SMTP conversation, so the answer of a call
// that sends mail (a reset request) takes the same time whether or not a mail goes out. Pending deliveries
// are awaited when the app closes. Logs name the purpose of a mail, never its address or its text.
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/open';
import { newId } from '../ids';
import type { MailContent } from './templates';

export interface OutgoingMail extends MailContent {
  to: string;
  /** What the mail is for (reset-password, verify-email), for logs. */
  purpose: string;
  /** Extra headers (a newsletter issue's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** How mail leaves: SMTP, or the database outbox. */
  readonly transport: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
  /** Sends in the background; a failure is logged, not thrown. */
  deliverLater(mail: OutgoingMail): void;
  /** Waits for every pending background delivery. */
  drain(): Promise<void>;
  close(): Promise<void>;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  database: Queryable;
  log: FastifyBaseLogger;
}

export function createMailer({ smtpUrl, from, database, log }: MailerOptions): Mailer {
  const smtp = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  const pending = new Set<Promise<void>>();

  async function send(mail: OutgoingMail): Promise<void> {
    if (smtp) {
      await smtp.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, ...(mail.headers ? { headers: mail.headers } : {}) });
    } else {
      await database.execute('insert into email_outbox (id, "to", subject, text, html, headers) values ($1, $2, $3, $4, $5, $6)', [
        newId(),
        mail.to,
        mail.subject,
        mail.text,
        mail.html,
        mail.headers ? JSON.stringify(mail.headers) : null,
      ]);
    }
    log.info({ mail: mail.purpose, transport: smtp ? 'smtp' : 'outbox' }, 'mail delivered');
  }

  return {
    transport: smtp ? 'smtp' : 'outbox',
    send,
    deliverLater(mail) {
      const delivery = send(mail)
        .catch((error: unknown) => {
          // SMTP errors may quote the recipient: mask addresses before logging.
          const reason = (error instanceof Error ? error.message : String(error)).replace(/[^\s<>"'()]+@[^\s<>"'()]+/g, '[email]');
          log.error({ mail: mail.purpose, reason }, 'mail not delivered');
        })
        .finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
    async drain() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async close() {
      await this.drain();
      smtp?.close();
    },
  };
}
