// GET /api/admin/audit-log: the audit log of admin changes (services/audit.ts), for admins only.
import type { AppContext } from '../context';
import type { OperationHandlers } from '../http/handlerTypes';
import { requireAdmin } from '../auth/caller';
import { listAudit } from '../services/audit';

export function auditHandlers({ database }: AppContext) {
  return {
    async listAuditLog(request) {
      await requireAdmin(database, request);
      const { page = 1, limit = 20, action, actor, targetType, targetId } = request.query;
      const { items, total } = await listAudit(database, { action, actor, targetType, targetId }, page, limit);
      return { items, page, limit, total };
    },
  } satisfies Partial<OperationHandlers>;
}
