// Statistics releases for admins (services/releases.ts): the list with the next scheduled cut, and "cut now".
import type { AppContext } from '../context';
import type { OperationHandlers } from '../http/handlerTypes';
import { requireAdmin } from '../auth/caller';
import { currentRelease, cutRelease, listReleases, type Release } from '../services/releases';
import { readThreshold } from '../services/statisticsSettings';
import { recordAudit } from '../services/audit';
import { queueReleaseAlerts } from '../services/releaseAlerts';

const contractRelease = ({ id, sequence, cutAt, trigger, size, changedForms, years, current }: Release) => ({
  id,
  sequence,
  cutAt,
  trigger,
  size,
  changedForms,
  years,
  current,
});

export function releaseHandlers({ config, database, jobs }: AppContext) {
  return {
    async listReleases(request) {
      await requireAdmin(database, request);
      const page = request.query.page ?? 1;
      const limit = request.query.limit ?? 10;
      const [{ items, total }, current, threshold] = await Promise.all([
        listReleases(database, page, limit),
        currentRelease(database),
        readThreshold(database, config.privacyThreshold),
      ]);
      const next = current ? new Date(new Date(current.cutAt).getTime() + config.releaseIntervalHours * 3_600_000).toISOString() : null;
      return { items: items.map(contractRelease), page, limit, total, nextScheduledCut: next, threshold };
    },

    async cutRelease(request) {
      const admin = await requireAdmin(database, request);
      const threshold = await readThreshold(database, config.privacyThreshold);
      const current = await currentRelease(database);
      const outcome = await cutRelease(database, {
        threshold,
        secret: config.secrets.perturbationSecret,
        trigger: current ? 'admin' : 'first',
        force: !current,
        onCut: (tx, release, previous) =>
          recordAudit(tx, admin, {
            action: 'release.cut',
            targetType: 'release',
            targetId: release.id,
            before: previous ? { id: previous.id, sequence: previous.sequence, size: previous.size } : null,
            after: { id: release.id, sequence: release.sequence, size: release.size, changedForms: release.changedForms },
          }),
      });
      if (outcome.status === 'too-few-changes') {
        return { status: 'too-few-changes' as const, changedForms: outcome.changedForms, threshold, release: contractRelease(outcome.current) };
      }
      // The members' release alerts of the new release (one job per release).
      await queueReleaseAlerts(jobs, outcome.release);
      return { status: 'cut' as const, changedForms: outcome.release.changedForms, threshold, release: contractRelease(outcome.release) };
    },
  } satisfies Partial<OperationHandlers>;
}
