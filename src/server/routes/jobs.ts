// GET /api/jobs/{id}: admins follow a background job (src/server/jobs) they started from an admin page.
import type { AppContext } from '../context';
import type { OperationHandlers } from '../http/handlerTypes';
import { requireAdmin } from '../auth/caller';
import { notFound } from '../http/errors';

export function jobHandlers({ database, jobs }: AppContext) {
  return {
    async getJob(request) {
      await requireAdmin(database, request);
      const job = await jobs.get(request.params.id);
      if (!job) throw notFound('NOT_FOUND', 'No such job');
      return job;
    },
  } satisfies Partial<OperationHandlers>;
}
