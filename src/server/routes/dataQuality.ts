// Data quality for admins (services/dataQuality.ts): the report of what needs attention (GET forms/test) and the
// deferred-compensation script (POST forms/run-deferred-compensation-script), which runs as a background job
// (context.jobs) followed through GET /api/jobs/{id}, and is recorded in the audit log with what it changed.
import type { AppContext } from '../context';
import type { OperationHandlers } from '../http/handlerTypes';
import { requireAdmin } from '../auth/caller';
import { recordAudit, type AuditActor } from '../services/audit';
import { dataQualityReport, recomputeDerivedColumns, type ScriptSummary } from '../services/dataQuality';
import { statisticsChangedHere } from '../services/statisticsSettings';

export const DEFERRED_COMPENSATION_JOB = 'deferred-compensation-script';

interface ScriptData {
  actor: AuditActor;
}

export function dataQualityHandlers({ database, jobs }: AppContext) {
  jobs.register<ScriptData, ScriptSummary>(DEFERRED_COMPENSATION_JOB, async (job) => {
    const summary = await recomputeDerivedColumns(database, {
      signal: job.signal,
      progress: (done, total) => job.progress({ done, total, phase: 'recomputing' }),
    });
    if (summary.updatedForms > 0) statisticsChangedHere(database);
    // One record per run (a run retried after a restart records its own outcome under the same job id).
    await database.transaction((tx) =>
      recordAudit(tx, job.data.actor, {
        action: 'script.deferredCompensation',
        targetType: 'script',
        targetId: job.id,
        before: null,
        after: summary,
      }),
    );
    return summary;
  });

  return {
    async getFormsTest(request) {
      await requireAdmin(database, request);
      return dataQualityReport(database, { staleDraftDays: request.query.staleDraftDays });
    },

    async runDeferredCompensationScript(request, reply) {
      const admin = await requireAdmin(database, request);
      // Two admins (or two clicks) get the same run while one is queued or running.
      const jobId = await jobs.enqueue<ScriptData>(
        DEFERRED_COMPENSATION_JOB,
        { actor: { id: admin.id, email: admin.email } },
        { singletonKey: DEFERRED_COMPENSATION_JOB },
      );
      reply.code(202);
      return { jobId };
    },
  } satisfies Partial<OperationHandlers>;
}
