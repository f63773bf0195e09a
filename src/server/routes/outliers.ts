// The outlier-pack simulator for admins (services/outliers.ts): list, save (create, change, activate, deactivate),
// delete, calculate (a background job on the app's queue, followed through GET /api/jobs/{id}) and the result; forms/outliers lists what
// the active pack flags. Every call is admin-only, checked on the stored account.
import type { AppContext } from '../context';
import type { OperationHandlers } from '../http/handlerTypes';
import { requireAdmin } from '../auth/caller';
import { HttpError } from '../http/errors';
import { readThreshold } from '../services/statisticsSettings';
import { calculatePack, deletePack, findPack, listActiveOutlierForms, listPacks, savePack, type Pack, type PackResult } from '../services/outliers';
import type { AuditActor } from '../services/audit';

/** The job that calculates a pack (registered on the app's job queue). */
export const OUTLIER_CALCULATION_JOB = 'outliers.calculate';

export interface OutlierCalculationData {
  packId: string;
  actor: AuditActor | null;
}

type FilterField = 'country' | 'city' | 'sector' | 'companySize' | 'companyType' | 'functionalArea' | 'positionLevel' | 'experienceBand' | 'gender' | 'year';

const contractResult = (result: PackResult, withImpact: boolean) => ({
  packId: result.packId,
  excludedForms: result.excludedForms,
  totalForms: result.totalForms,
  medianBefore: result.medianBefore,
  medianAfter: result.medianAfter,
  calculatedAt: result.calculatedAt,
  ...(withImpact ? { impact: result.impact } : {}),
});

const contractPack = (pack: Pack) => ({
  id: pack.id,
  name: pack.name,
  measure: pack.measure,
  method: pack.method,
  k: pack.k,
  ...(pack.lowerPercentile !== undefined ? { lowerPercentile: pack.lowerPercentile } : {}),
  ...(pack.upperPercentile !== undefined ? { upperPercentile: pack.upperPercentile } : {}),
  groupBy: pack.groupBy as FilterField[],
  active: pack.active,
  createdAt: pack.createdAt,
  lastResult: pack.lastResult ? contractResult(pack.lastResult, false) : null,
});

export function outlierHandlers(context: AppContext) {
  const { config, database, jobs } = context;
  jobs.register<OutlierCalculationData, { packId: string; excludedForms: number; totalForms: number }>(OUTLIER_CALCULATION_JOB, async (job) => {
    const threshold = await readThreshold(database, config.privacyThreshold);
    try {
      const result = await calculatePack(database, job.data.packId, {
        threshold,
        actor: job.data.actor,
        progress: async (progress) => {
          // A shutting-down instance stops here; the job runs again from the start elsewhere (it is idempotent).
          job.signal.throwIfAborted();
          await job.progress(progress);
        },
      });
      return { packId: result.packId, excludedForms: result.excludedForms, totalForms: result.totalForms };
    } catch (error) {
      // The job's error is the reason's code, which the admin page translates.
      if (error instanceof HttpError) throw new Error(error.errorCode);
      throw error;
    }
  });

  return {
    async listOutlierPacks(request) {
      await requireAdmin(database, request);
      return { items: (await listPacks(database)).map(contractPack) };
    },

    async saveOutlierPack(request, reply) {
      const admin = await requireAdmin(database, request);
      const { pack, id } = request.body;
      const saved = await savePack(database, { id: admin.id, email: admin.email }, id, pack);
      if (saved.created) reply.code(201);
      return contractPack(saved.pack);
    },

    async deleteOutlierPack(request, reply) {
      const admin = await requireAdmin(database, request);
      await deletePack(database, { id: admin.id, email: admin.email }, request.params.id);
      reply.code(204).send();
    },

    async calculateOutlierPack(request, reply) {
      const admin = await requireAdmin(database, request);
      const packId = request.body.id;
      if (!(await findPack(database, packId))) throw new HttpError(404, 'OUTLIER_PACK_NOT_FOUND', 'There is no outlier pack with this id');
      // One calculation of a pack at a time: asking again while it runs follows the running job.
      const jobId = await jobs.enqueue<OutlierCalculationData>(
        OUTLIER_CALCULATION_JOB,
        { packId, actor: { id: admin.id, email: admin.email } },
        { singletonKey: `outliers:${packId}` },
      );
      reply.code(202);
      return { jobId, packId };
    },

    async getOutlierPackResult(request) {
      await requireAdmin(database, request);
      const pack = await findPack(database, request.query.id);
      if (!pack) throw new HttpError(404, 'OUTLIER_PACK_NOT_FOUND', 'There is no outlier pack with this id');
      if (!pack.lastResult) throw new HttpError(404, 'OUTLIER_PACK_NOT_CALCULATED', 'The pack has no result for its current rules');
      return contractResult(pack.lastResult, true);
    },

    async listOutlierForms(request) {
      await requireAdmin(database, request);
      const page = request.query.page ?? 1;
      const limit = request.query.limit ?? 20;
      const { items, total } = await listActiveOutlierForms(database, page, limit);
      return { items, page, limit, total };
    },
  } satisfies Partial<OperationHandlers>;
}
