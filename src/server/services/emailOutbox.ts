// The e-mail outbox as the admin's development aid lists it (GET users/outbox): the mails stored when no SMTP
// server is configured (email/mailer.ts), newest first.
import type { components } from '../../api/schema';
import type { Queryable } from '../db/open';

type OutboxMessage = components['schemas']['OutboxMessage'];

export async function listOutbox(db: Queryable, page: number, limit: number): Promise<{ items: OutboxMessage[]; total: number }> {
  const [{ total }] = await db.execute<{ total: number }>('select count(*)::int as total from email_outbox');
  const rows = await db.execute<{ id: string; to: string; subject: string; text: string; html: string | null; created_at: Date }>(
    `select id, "to", subject, text, html, created_at from email_outbox order by created_at desc, id desc limit $1 offset $2`,
    [limit, (page - 1) * limit],
  );
  return {
    items: rows.map((row) => ({
      id: row.id,
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html,
      createdAt: new Date(row.created_at).toISOString(),
    })),
    total,
  };
}
