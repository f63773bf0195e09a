// The audit log of admin changes (issue 15, item 10). Call recordAudit inside the transaction that makes the
// change, so a change and its record commit or roll back together. Never put secrets or passwords in before/after.
import type { Queryable } from '../db/open';
import { newId } from '../ids';

export interface AuditActor {
  id: string;
  email: string;
}

export interface AuditEntry {
  /** Dotted verb: `user.roles`, `user.credits`, `user.delete`, `config.minValues`, `outlierPack.activate`, … */
  action: string;
  targetType: string;
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
