// Requests for the corporate plan (custom pricing): stored, and e-mailed to every active administrator in their
// language (through the mailer: SMTP, or the database outbox in development).
import type { Queryable } from '../../db/open';
import type { Mailer } from '../../email/mailer';
import type { FastifyBaseLogger } from 'fastify';
import { escapeHtml, mailLanguage, mailText } from '../../email/i18n';
import { newId } from '../../ids';

export interface CorporateContact {
  userId: string;
  email: string;
  company: string;
  name: string;
  phone?: string;
  message: string;
}

export async function storeCorporateContact(db: Queryable, contact: CorporateContact): Promise<string> {
  const id = newId();
  await db.execute(`insert into contact_requests (id, user_id, email, company, name, phone, message) values ($1, $2, $3, $4, $5, $6, $7)`, [
    id,
    contact.userId,
    contact.email,
    contact.company,
    contact.name,
    contact.phone ?? null,
    contact.message,
  ]);
  return id;
}

/** One e-mail per active administrator; a failed delivery is logged (the request is stored either way). */
export async function mailAdmins(db: Queryable, mailer: Mailer, log: FastifyBaseLogger, contact: CorporateContact): Promise<number> {
  const admins = await db.execute<{ email: string; language: string }>(
    `select email, language from users where 'admin' = any(roles) and not disabled order by created_at`,
  );
  for (const admin of admins) {
    const language = mailLanguage(admin.language);
    const lead = mailText(language, 'corporate_contact.lead');
    // The field labels are the same for every reader, in both languages at once: they stay here, not in the locale files.
    const lines: Array<[string, string]> = [
      ['Company / Empresa', contact.company],
      ['Name / Nombre', contact.name],
      ['E-mail', contact.email],
      ...(contact.phone ? [['Phone / Teléfono', contact.phone] as [string, string]] : []),
      ['Message / Mensaje', contact.message],
    ];
    try {
      await mailer.send({
        to: admin.email,
        purpose: 'corporate-plan-request',
        subject: mailText(language, 'corporate_contact.subject', { company: contact.company.replace(/[\r\n]+/g, ' ') }),
        text: [lead, '', ...lines.map(([label, value]) => `${label}: ${value}`)].join('\n'),
        html: `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif"><p>${escapeHtml(lead)}</p><dl>${lines
          .map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd style="white-space:pre-wrap">${escapeHtml(value)}</dd>`)
          .join('')}</dl></body></html>`,
      });
    } catch {
      log.error({ mail: 'corporate-plan-request' }, 'mail not delivered');
    }
  }
  return admins.length;
}
