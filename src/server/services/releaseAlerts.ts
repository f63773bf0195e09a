// Release alerts (docs/statistics-and-privacy.md "Release alerts"; a premium feature, src/domain/entitlements.ts):
// a member who opted in gets one e-mail after a release when their group's published median moved more than their
// threshold in real terms, or when their pay fell below the group's published p25. "Their group" is the one their
// personalised comparison shows them (services/personalViews.ts, the same widening cascade) and every figure is
// that group's published answer from the shared statistics engine, on the new release and on the previous one:
// the e-mail reveals nothing the member could not read in their personalised comparison of either release.
//
// After each cut, ONE job (`release-alerts.evaluate`, keyed by the release) evaluates every opted-in member still
// entitled to the feature. A member gets at most one e-mail per release: release_alert_deliveries holds the key
// member × release, taken before the mail is written, so a second run of the job sends nothing twice.
import type { AppContext } from '../context';
import type { Queryable } from '../db/open';
import type { Jobs } from '../jobs/types';
import { createReleaseAlertLinks } from '../auth/releaseAlertLinks';
import { releaseAlertComparisonLink, releaseAlertMail, releaseAlertUnsubscribeLink } from '../email/releaseAlertTemplates';
import { badRequest } from '../http/errors';
import { billingOf } from './credits';
import { peerGroup } from './peerGroup';
import { latestCompletedForm, personalViews } from './personalViews';
import { CURRENCY, statisticsEngine, type PublishedAnswer } from './statisticsEngine';
import type { StatisticsSettings } from './statisticsSettings';
import { featureAccess, type FeatureAccess } from '../../domain/entitlements';
import { premiumFlag } from './entitlements';
import { deflator, ratesForCountry } from '../../domain/inflation';
import { RELEASE_ALERT_THRESHOLD, isReleaseAlertThreshold } from '../../domain/releaseAlerts';

export const RELEASE_ALERTS_JOB = 'release-alerts.evaluate';

export interface ReleaseAlertSettings {
  enabled: boolean;
  thresholdPercent: number;
}

/** May this account use release alerts now? */
export async function releaseAlertsAccess(
  context: Pick<AppContext, 'config' | 'database'>,
  account: { roles: readonly string[]; premiumType: string | null },
): Promise<FeatureAccess> {
  return featureAccess(account, 'releaseAlerts', await premiumFlag(context.database, context.config.premiumEnabled));
}

/** A member's settings (off, 3 %, when never saved). */
export async function readReleaseAlerts(db: Queryable, userId: string): Promise<ReleaseAlertSettings> {
  const [row] = await db.execute<{ enabled: boolean; threshold_percent: number }>(
    'select enabled, threshold_percent from release_alert_settings where user_id = $1',
    [userId],
  );
  return row
    ? { enabled: row.enabled, thresholdPercent: Number(row.threshold_percent) }
    : { enabled: false, thresholdPercent: RELEASE_ALERT_THRESHOLD.default };
}

/** Saves a member's settings (the contract bounds the threshold; checked again here). */
export async function saveReleaseAlerts(db: Queryable, userId: string, settings: ReleaseAlertSettings): Promise<ReleaseAlertSettings> {
  const { enabled, thresholdPercent } = settings;
  if (!isReleaseAlertThreshold(thresholdPercent)) {
    throw badRequest('VALIDATION_ERROR', 'Invalid body', [
      `body.thresholdPercent: must be between ${RELEASE_ALERT_THRESHOLD.min} and ${RELEASE_ALERT_THRESHOLD.max}`,
    ]);
  }
  await db.execute(
    `insert into release_alert_settings (user_id, enabled, threshold_percent) values ($1, $2, $3)
     on conflict (user_id) do update set enabled = excluded.enabled, threshold_percent = excluded.threshold_percent, updated_at = now()`,
    [userId, enabled, thresholdPercent],
  );
  return { enabled, thresholdPercent };
}

/** Turns a member's alerts off (the unsubscribe link); true when the member exists. */
export async function turnOffReleaseAlerts(db: Queryable, userId: string): Promise<boolean> {
  const [user] = await db.execute<{ id: string }>('select id from users where id = $1', [userId]);
  if (!user) return false;
  await db.execute('update release_alert_settings set enabled = false, updated_at = now() where user_id = $1', [userId]);
  return true;
}

/** Queues the evaluation of a release's alerts (once per release: the release id is the job's key). */
export async function queueReleaseAlerts(jobs: Pick<Jobs, 'enqueue'>, release: { id: string }): Promise<string> {
  return jobs.enqueue(RELEASE_ALERTS_JOB, { releaseId: release.id }, { singletonKey: release.id });
}

export interface ReleaseAlertsResult {
  /** Opted-in members looked at. */
  members: number;
  sent: number;
}

interface ReleaseRow {
  id: string;
  sequence: number;
  cut_at: Date | string;
  revision: number;
}

const releaseInfo = (row: ReleaseRow): NonNullable<StatisticsSettings['release']> => ({
  id: row.id,
  sequence: Number(row.sequence),
  cutAt: new Date(row.cut_at).toISOString(),
  revision: Number(row.revision),
});

const medianOf = (answer: PublishedAnswer | null) => (answer?.status === 'ok' ? (answer.measures?.totalWithDeferral.p50 ?? null) : null);
const p25Of = (answer: PublishedAnswer | null) => (answer?.status === 'ok' ? (answer.measures?.totalWithDeferral.p25 ?? null) : null);

/**
 * Evaluates the alerts of a release: every opted-in member still entitled, their group's published median in the
 * previous and this release (real terms: in money of the group's survey year) and their pay against this release's
 * published p25; at most one e-mail each. Run again, it sends nobody twice.
 */
export async function evaluateReleaseAlerts(context: AppContext, releaseId: string, signal?: AbortSignal): Promise<ReleaseAlertsResult> {
  const { database, config, mailer } = context;
  const engine = statisticsEngine(context);
  const views = personalViews(context);
  const links = createReleaseAlertLinks(config.secrets.tokenSecret);
  const [release] = await database.execute<ReleaseRow>('select id, sequence, cut_at, revision from statistics_releases where id = $1', [releaseId]);
  if (!release) return { members: 0, sent: 0 };
  const [previous] = await database.execute<ReleaseRow>('select id, sequence, cut_at, revision from statistics_releases where sequence = $1', [
    Number(release.sequence) - 1,
  ]);
  const selling = await premiumFlag(context.database, context.config.premiumEnabled);
  const members = await database.execute<{
    id: string;
    email: string;
    language: string;
    roles: string[];
    premium_type: string | null;
    threshold_percent: number;
  }>(
    `select u.id, u.email, u.language, u.roles, u.premium_type, s.threshold_percent
       from release_alert_settings s join users u on u.id = s.user_id
      where s.enabled and not u.disabled and u.email_verified
        and not exists (select 1 from release_alert_deliveries d where d.user_id = u.id and d.release_id = $1)
      order by u.id`,
    [releaseId],
  );
  let sent = 0;
  for (const member of members) {
    signal?.throwIfAborted();
    // The plan may have lapsed since the member opted in: nothing is sent, the choice is kept.
    if (featureAccess({ roles: member.roles, premiumType: member.premium_type }, 'releaseAlerts', selling).kind !== 'granted') continue;
    const form = await latestCompletedForm(database, member.id);
    if (!form) continue;
    const settings = await engine.readSettings({ userId: member.id, requestedYear: undefined });
    if (!settings.caller || billingOf(settings.caller) === 'form-required') continue;
    const peer = await views.peerAnswer({ ...settings, release: releaseInfo(release) }, form);
    const median = medianOf(peer?.used ?? null);
    const p25 = p25Of(peer?.used ?? null);
    if (!peer?.used || median === null) continue;
    const ownTotal = peer.own.values.fixedSalary + peer.own.values.annualBonus + peer.own.values.deferredCompensation;

    // The same group on the previous release: its survey year, or else the year before in money of this one.
    let previousMedian: number | null = null;
    let previousP25: number | null = null;
    if (previous) {
      const { year: _year, ...filters } = peer.used.filters;
      const before = { ...settings, release: releaseInfo(previous) };
      const rates = ratesForCountry(settings.inflation, form.country).rates;
      for (const year of [form.year, form.year - 1]) {
        const answer = await engine.answer(before, peerGroup({ ...filters, year }, year), null);
        const figure = medianOf(answer);
        const factor = deflator(rates, year, form.year);
        if (figure === null || factor === null) continue;
        previousMedian = Math.round(figure * factor);
        const quartile = p25Of(answer);
        previousP25 = quartile === null ? null : quartile * factor;
        break;
      }
    }
    const changePercent = previousMedian ? Math.round((median / previousMedian - 1) * 1000) / 10 : null;
    const moved = changePercent !== null && Math.abs(changePercent) > Number(member.threshold_percent);
    const belowP25 = p25 !== null && ownTotal < p25;
    const fellBelow = belowP25 && !(previousP25 !== null && ownTotal < previousP25);
    if (!moved && !fellBelow) continue;

    // The key first: a second run (or a second instance) finds it taken and sends nothing.
    const [taken] = await database.execute<{ user_id: string }>(
      `insert into release_alert_deliveries (user_id, release_id) values ($1, $2) on conflict do nothing returning user_id`,
      [member.id, releaseId],
    );
    if (!taken) continue;
    const mail = releaseAlertMail(
      member.language,
      { year: form.year, previousMedian, median, changePercent, belowP25, currency: CURRENCY },
      { comparison: releaseAlertComparisonLink(config.publicUrl), unsubscribe: releaseAlertUnsubscribeLink(config.publicUrl, links.sign(member.id)) },
    );
    try {
      await mailer.send({ to: member.email, purpose: 'release-alert', ...mail });
      sent++;
    } catch (error) {
      // Not sent: the key is given back, so the next run of the job tries again.
      await database.execute('delete from release_alert_deliveries where user_id = $1 and release_id = $2', [member.id, releaseId]);
      throw error;
    }
  }
  return { members: members.length, sent };
}
