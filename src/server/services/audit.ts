// The audit log of admin changes. Call recordAudit inside the transaction that makes the
// change, so a change and its record commit or roll back together. Never put secrets or passwords in before/after.
import type { Queryable } from '../db/open';
import { newId } from '../ids';
import type { AuditAction, AuditTarget } from '../../domain/auditActions';

export interface AuditActor {
  id: string;
  email: string;
}

export interface AuditEntry {
  /** Dotted verb: `user.roles`, `user.credits`, `user.delete`, `config.minValues`, `outlierPack.activate`, … (src/domain/auditActions.ts) */
  action: AuditAction;
  targetType: AuditTarget;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
}

export async function recordAudit(tx: Queryable, actor: AuditActor | null, entry: AuditEntry): Promise<void> {
  await tx.execute(
    `insert into audit_log (id, actor_id, actor_email, action, target_type, target_id, before, after)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      newId(),
      actor?.id ?? null,
      actor?.email ?? null,
      entry.action,
      entry.targetType,
      entry.targetId ?? null,
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
    ],
  );
}

export interface AuditFilters {
  /** Actions starting with this. */
  action?: string;
  /** Part of the admin's e-mail (case-insensitive). */
  actor?: string;
  targetType?: string;
  targetId?: string;
}

export interface AuditRecord {
  id: string;
  createdAt: string;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  before: unknown;
  after: unknown;
}

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One page of the log, newest first, with the filters combined. */
export async function listAudit(db: Queryable, filters: AuditFilters, page: number, limit: number): Promise<{ items: AuditRecord[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filters.action) where.push(`action like $${params.push(`${likeLiteral(filters.action)}%`)}`);
  if (filters.actor) where.push(`lower(actor_email) like $${params.push(`%${likeLiteral(filters.actor.toLowerCase())}%`)}`);
  if (filters.targetType) where.push(`target_type = $${params.push(filters.targetType)}`);
  if (filters.targetId) where.push(`target_id = $${params.push(filters.targetId)}`);
  const condition = where.length > 0 ? `where ${where.join(' and ')}` : '';
  const [{ total }] = await db.execute<{ total: number }>(`select count(*)::int as total from audit_log ${condition}`, params);
  const rows = await db.execute<{
    id: string;
    created_at: Date | string;
    actor_id: string | null;
    actor_email: string | null;
    action: string;
    target_type: string;
    target_id: string | null;
    before: unknown;
    after: unknown;
  }>(
    `select id, created_at, actor_id, actor_email, action, target_type, target_id, before, after
       from audit_log ${condition}
      order by created_at desc, id desc
      limit $${params.length + 1} offset $${params.length + 2}`,
    [...params, limit, (page - 1) * limit],
  );
  return {
    total: Number(total),
    items: rows.map((row) => ({
      id: row.id,
      createdAt: (row.created_at instanceof Date ? row.created_at : new Date(row.created_at)).toISOString(),
      actorId: row.actor_id,
      actorEmail: row.actor_email,
      action: row.action,
      targetType: row.target_type,
      targetId: row.target_id,
      before: row.before ?? null,
      after: row.after ?? null,
    })),
  };
}
