// Release alerts (services/releaseAlerts.ts) with their permissions:
//   getReleaseAlerts              any signed-in user, about themself (and whether their plan includes the feature)
//   updateReleaseAlerts           any signed-in user, about themself; turning alerts on needs a plan that includes
//                                 them (403 PREMIUM_REQUIRED with requiredPlan otherwise); turning them off never does
//   unsubscribeReleaseAlerts      anyone holding the unsubscribe link of an alert e-mail (no sign-in)
// The evaluation after a release runs as the background job `release-alerts.evaluate`, queued by every cut.
import type { AppContext } from '../context';
import type { OperationHandlers } from '../http/handlerTypes';
import { badRequest, forbidden } from '../http/errors';
import { requireCaller } from '../auth/caller';
import { clientAddress, rateLimited } from '../auth/identity';
import { createReleaseAlertLinks, type ReleaseAlertLinks } from '../auth/releaseAlertLinks';
import { PREMIUM_REQUIRED } from '../services/entitlements';
import {
  RELEASE_ALERTS_JOB,
  evaluateReleaseAlerts,
  readReleaseAlerts,
  releaseAlertsAccess,
  saveReleaseAlerts,
  turnOffReleaseAlerts,
} from '../services/releaseAlerts';

const LINK_ERRORS = {
  RELEASE_ALERTS_LINK_INVALID: 'The link is not valid (it may be incomplete or for another purpose)',
  RELEASE_ALERTS_LINK_EXPIRED: 'The link has expired',
} as const;

const linkError = (code: keyof typeof LINK_ERRORS) => badRequest(code, LINK_ERRORS[code]);

export function releaseAlertHandlers(context: AppContext) {
  const { config, database, throttles } = context;
  // Made on first use: the handler table is also listed without an app (tests), where there is no configuration.
  let signer: ReleaseAlertLinks | undefined;
  const links = () => (signer ??= createReleaseAlertLinks(config.secrets.tokenSecret));

  // One run per release (its result: members looked at, e-mails sent). Run again, it sends nobody twice.
  context.jobs?.register<{ releaseId: string }, unknown>(RELEASE_ALERTS_JOB, async (job) => evaluateReleaseAlerts(context, job.data.releaseId, job.signal), {
    expireInSeconds: 60 * 60,
  });

  async function answer(caller: { id: string; roles: readonly string[]; premium_type: string | null }) {
    const [settings, access] = await Promise.all([
      readReleaseAlerts(database, caller.id),
      releaseAlertsAccess(context, { roles: caller.roles, premiumType: caller.premium_type }),
    ]);
    return {
      ...settings,
      available: access.kind === 'granted',
      ...(access.kind === 'premium-required' ? { requiredPlan: access.plan } : {}),
    };
  }

  return {
    async getReleaseAlerts(request) {
      return answer(await requireCaller(database, request));
    },

    async updateReleaseAlerts(request) {
      const caller = await requireCaller(database, request);
      const { enabled, thresholdPercent } = request.body;
      if (enabled) {
        const access = await releaseAlertsAccess(context, { roles: caller.roles, premiumType: caller.premium_type });
        if (access.kind === 'premium-required') throw PREMIUM_REQUIRED(access.plan);
        if (access.kind === 'forbidden') throw forbidden('FORBIDDEN', 'Release alerts are a member service');
      }
      await saveReleaseAlerts(database, caller.id, { enabled, thresholdPercent });
      return answer(caller);
    },

    async unsubscribeReleaseAlerts(request, reply) {
      const wait = await throttles.newsletterLinksPerAddress.hit(clientAddress(request));
      if (wait > 0) rateLimited(reply, wait);
      const check = links().verify(request.body.token);
      if (!check.ok) throw linkError(check.reason === 'expired' ? 'RELEASE_ALERTS_LINK_EXPIRED' : 'RELEASE_ALERTS_LINK_INVALID');
      if (!(await turnOffReleaseAlerts(database, check.userId))) throw linkError('RELEASE_ALERTS_LINK_INVALID');
      return { enabled: false as const };
    },
  } satisfies Partial<OperationHandlers>;
}
