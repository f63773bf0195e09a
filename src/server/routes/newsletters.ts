// Newsletter calls (docs/content.md "Newsletters") with their permissions:
//   subscribeNewsletter          anyone (double opt-in: a confirmation link by e-mail; rate-limited per address)
//   confirmNewsletter            anyone holding a confirmation link
//   unsubscribeNewsletter        anyone holding an unsubscribe link (the page, and RFC 8058 one-click POSTs)
//   getNewsletterByEmail         the signed-in owner of the verified address, or an admin
//   updateNewsletter             the signed-in owner of the verified address, or an admin (audited)
//   listNewsletters, exportNewsletters, and the issue calls: admins (issue changes audited)
// Sending an issue runs as the background job `newsletter.send` (services/newsletterIssues.ts); its progress is in
// GET jobs/{id} and in the issue's delivery counts.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { OperationHandlers } from '../http/handlerTypes';
import { badRequest, forbidden, notFound } from '../http/errors';
import { isAdmin, requireAdmin, requireCaller } from '../auth/caller';
import { clientAddress, rateLimited } from '../auth/identity';
import { createNewsletterLinks, NEWSLETTER_LINK_TTL_DAYS, type NewsletterLinks } from '../auth/newsletterLinks';
import { recordAudit } from '../services/audit';
import { newsletterConfirmLink, newsletterConfirmMail } from '../email/newsletterTemplates';
import {
  confirmSubscription,
  exportSubscriptionsCsv,
  findSubscription,
  findSubscriptionByEmail,
  listSubscriptions,
  NewsletterLinkError,
  normaliseEmail,
  postKindsOf,
  subscribe,
  toNewsletter,
  unsubscribe,
  updatePreferences,
  type NewsletterRow,
  type SubscribeInput,
} from '../services/newsletters';
import {
  beginSending,
  createIssue,
  deliverIssue,
  findIssue,
  listIssues,
  listPublishedPosts,
  previewIssue,
  setIssueJob,
  type DeliveryDeps,
} from '../services/newsletterIssues';

export const NEWSLETTER_SEND_JOB = 'newsletter.send';

const LINK_ERRORS = {
  NEWSLETTER_LINK_INVALID: 'The link is not valid (it may be incomplete or for another purpose)',
  NEWSLETTER_LINK_EXPIRED: 'The link has expired',
  NEWSLETTER_LINK_USED: 'The link has been replaced by a newer one or the subscription has ended',
} as const;

const linkError = (code: keyof typeof LINK_ERRORS) => badRequest(code, LINK_ERRORS[code]);

export function newsletterHandlers(context: AppContext) {
  const { config, database, mailer, throttles } = context;
  // Made on first use: the handler table is also listed without an app (tests), where there is no configuration.
  let signer: NewsletterLinks | undefined;
  const links = () => (signer ??= createNewsletterLinks(config.secrets.tokenSecret));
  const deliveryDeps = (): DeliveryDeps => ({ database, mailer, links: links(), publicUrl: config.publicUrl });

  // The sending job (its result: how many were sent, failed, skipped). Run twice, it sends nobody twice; stopped by
  // a shutdown between two mails, it is queued again and goes on with the deliveries still queued.
  // (`context.jobs` is absent only where handlers are listed without an app: tests of the handler table.)
  context.jobs?.register<{ issueId: string }, unknown>(
    NEWSLETTER_SEND_JOB,
    async (job) => deliverIssue(deliveryDeps(), job.data.issueId, (done, total) => job.progress({ done, total, phase: 'sending' }), job.signal),
    { expireInSeconds: 60 * 60 },
  );

  function sendConfirmation(row: NewsletterRow) {
    const token = links().sign('confirm', row.id, row.link_version);
    mailer.deliverLater({
      to: row.email,
      purpose: 'newsletter-confirm',
      ...newsletterConfirmMail(row.language, newsletterConfirmLink(config.publicUrl, token), NEWSLETTER_LINK_TTL_DAYS.confirm),
    });
  }

  /** The signed-in caller, when the request carries a bearer (the public sign-up accepts both). */
  async function optionalCaller(request: FastifyRequest) {
    return request.auth ? requireCaller(database, request) : null;
  }

  /** The caller owns the address: signed in with it, verified. */
  const owns = (caller: { email: string; email_verified: boolean }, email: string) => caller.email_verified && caller.email === normaliseEmail(email);

  return {
    async subscribeNewsletter(request, reply) {
      const wait = await throttles.newsletterPerAddress.hit(clientAddress(request));
      if (wait > 0) rateLimited(reply, wait);
      const caller = await optionalCaller(request);
      const body = request.body;
      const [kind, person] = 'standartUser' in body ? (['standartUser', body.standartUser] as const) : (['professionalUser', body.professionalUser] as const);
      const input: SubscribeInput = {
        kind,
        email: person.email,
        name: person.name,
        company: 'company' in person ? person.company : undefined,
        position: 'position' in person ? person.position : undefined,
        language: person.language ?? caller?.language ?? 'es',
        postKinds: postKindsOf(person.postKinds),
        source: person.source ?? 'page',
        verifiedOwnerId: caller && owns(caller, person.email) ? caller.id : null,
      };
      const outcome = await database.transaction((tx) => subscribe(tx, input));
      if (outcome.sendConfirmation) sendConfirmation(outcome.row);
      reply.code(202);
      return { status: 'accepted' as const };
    },

    async confirmNewsletter(request, reply) {
      const wait = await throttles.newsletterLinksPerAddress.hit(clientAddress(request));
      if (wait > 0) rateLimited(reply, wait);
      const check = links().verify(request.body.token, 'confirm');
      if (!check.ok) throw linkError(check.reason === 'expired' ? 'NEWSLETTER_LINK_EXPIRED' : 'NEWSLETTER_LINK_INVALID');
      try {
        const row = await database.transaction((tx) => confirmSubscription(tx, check.subscriptionId, check.version ?? 0));
        return toNewsletter(row);
      } catch (error) {
        if (error instanceof NewsletterLinkError) throw linkError(error.code);
        throw error;
      }
    },

    async unsubscribeNewsletter(request, reply) {
      const wait = await throttles.newsletterLinksPerAddress.hit(clientAddress(request));
      if (wait > 0) rateLimited(reply, wait);
      const check = links().verify(request.query.token, 'unsubscribe');
      if (!check.ok) throw linkError(check.reason === 'expired' ? 'NEWSLETTER_LINK_EXPIRED' : 'NEWSLETTER_LINK_INVALID');
      const row = await database.transaction((tx) => unsubscribe(tx, check.subscriptionId));
      if (!row) throw linkError('NEWSLETTER_LINK_INVALID');
      return toNewsletter(row);
    },

    async getNewsletterByEmail(request) {
      const caller = await requireCaller(database, request);
      const email = request.params.emailOrId;
      if (!isAdmin(caller) && !owns(caller, email)) throw forbidden('FORBIDDEN', 'Only your own verified address, or an admin');
      const row = await findSubscriptionByEmail(database, email);
      if (!row) throw notFound('NOT_FOUND', 'This address has no subscription');
      return toNewsletter(row);
    },

    async updateNewsletter(request) {
      const caller = await requireCaller(database, request);
      const admin = isAdmin(caller);
      const existing = await findSubscription(database, request.params.emailOrId);
      if (!existing) throw notFound('NOT_FOUND', 'No such subscription');
      const owner = owns(caller, existing.email);
      if (!admin && !owner) throw forbidden('FORBIDDEN', 'Only the subscriber or an admin');
      const patch = { ...request.body, postKinds: postKindsOf(request.body.postKinds) };
      const { row, sendConfirmation: mustConfirm } = await database.transaction(async (tx) => {
        const outcome = await updatePreferences(tx, existing.id, patch, { ownerProven: owner });
        if (admin && !owner) {
          await recordAudit(tx, caller, {
            action: 'newsletter.update',
            targetType: 'newsletter',
            targetId: existing.id,
            before: toNewsletter(outcome.before),
            after: toNewsletter(outcome.row),
          });
        }
        return outcome;
      });
      if (mustConfirm) sendConfirmation(row);
      return toNewsletter(row);
    },

    async listNewsletters(request) {
      await requireAdmin(database, request);
      const { page = 1, limit = 10, status, kind, language, query } = request.query;
      return listSubscriptions(database, { status, kind, language, query }, page, limit);
    },

    async exportNewsletters(request, reply) {
      await requireAdmin(database, request);
      const { status, kind, language, query } = request.query;
      const csv = await exportSubscriptionsCsv(database, { status, kind, language, query });
      const day = new Date().toISOString().slice(0, 10);
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="newsletter-subscribers-${day}.csv"`)
        .header('cache-control', 'no-store');
      return reply.send(csv);
    },

    async listNewsletterIssues(request) {
      await requireAdmin(database, request);
      return listIssues(database, request.query.page ?? 1, request.query.limit ?? 10);
    },

    async listNewsletterPosts(request) {
      await requireAdmin(database, request);
      return listPublishedPosts(database, request.query.language);
    },

    async previewNewsletterIssue(request) {
      await requireAdmin(database, request);
      return previewIssue(database, config.publicUrl, request.body);
    },

    async createNewsletterIssue(request, reply) {
      const caller = await requireAdmin(database, request);
      const id = await database.transaction(async (tx) => {
        const created = await createIssue(tx, request.body, caller.id);
        await recordAudit(tx, caller, { action: 'newsletterIssue.create', targetType: 'newsletterIssue', targetId: created, after: request.body });
        return created;
      });
      reply.code(201);
      return (await findIssue(database, id))!;
    },

    async getNewsletterIssue(request) {
      await requireAdmin(database, request);
      const issue = await findIssue(database, request.params.id);
      if (!issue) throw notFound('NOT_FOUND', 'No such issue');
      return issue;
    },

    async sendNewsletterIssue(request, reply) {
      const caller = await requireAdmin(database, request);
      const id = request.params.id;
      const { started } = await database.transaction(async (tx) => {
        const outcome = await beginSending(tx, id);
        if (outcome.started) await recordAudit(tx, caller, { action: 'newsletterIssue.send', targetType: 'newsletterIssue', targetId: id });
        return outcome;
      });
      const issue = await findIssue(database, id);
      if (!issue) throw notFound('NOT_FOUND', 'No such issue');
      // A second click while it is being sent gets the same job (singleton per issue).
      if (started || !issue.jobId) {
        const jobId = await context.jobs.enqueue(NEWSLETTER_SEND_JOB, { issueId: id }, { singletonKey: `newsletter-issue:${id}` });
        await setIssueJob(database, id, jobId);
      }
      reply.code(202);
      return (await findIssue(database, id))!;
    },
  } satisfies Partial<OperationHandlers>;
}

/**
 * The questionnaire's newsletter opt-in (answer `newsletterOptIn`): when a form with the opt-in is completed, the
 * form's address gets a pending individual subscription and its confirmation link (confirmed at once for the
 * signed-in owner of a verified address). An address that already has one keeps it as it is: re-saving a form
 * never re-subscribes someone who left.
 */
export function questionnaireOptIn(context: AppContext) {
  const { config, database, mailer } = context;
  let signer: NewsletterLinks | undefined;
  const links = () => (signer ??= createNewsletterLinks(config.secrets.tokenSecret));
  return async function optIn(
    request: FastifyRequest,
    form: { status: string; answers: { newsletterOptIn?: boolean; email?: string } },
    caller: { userId: string; email: string; emailVerified: boolean } | null,
  ): Promise<void> {
    if (form.status !== 'completed' || form.answers.newsletterOptIn !== true) return;
    const email = caller?.email ?? form.answers.email;
    if (!email) return;
    const user = caller ? await requireCaller(database, request) : null;
    const accepted = String(request.headers['accept-language'] ?? '');
    const language = user?.language ?? (/^en\b/i.test(accepted) ? 'en' : 'es');
    const outcome = await database.transaction((tx) =>
      subscribe(tx, {
        kind: 'standartUser',
        email,
        language,
        source: 'questionnaire',
        verifiedOwnerId: caller?.emailVerified && caller.email === normaliseEmail(email) ? caller.userId : null,
        onlyIfNew: true,
      }),
    );
    if (outcome.sendConfirmation) {
      const token = links().sign('confirm', outcome.row.id, outcome.row.link_version);
      mailer.deliverLater({
        to: outcome.row.email,
        purpose: 'newsletter-confirm',
        ...newsletterConfirmMail(outcome.row.language, newsletterConfirmLink(config.publicUrl, token), NEWSLETTER_LINK_TTL_DAYS.confirm),
      });
    }
  };
}
