// Newsletter issues: an admin composes one from published posts of a language and sends it to the confirmed
// subscribers of that language who want at least one of its posts' kinds.
//
// Sending is at most once per address: starting a sending fixes the audience as one delivery row per address
// (unique per issue and address), and each row is claimed (queued → sending, under SKIP LOCKED) before its mail
// is handed to the mailer. A sending job that runs twice, at once or after an interruption, finds every row it
// would send either claimed or done, so nobody gets the issue twice; a row claimed by a run that died stays
// `sending` and is not sent again (better one lost mail than a duplicate).
//
// "Published" here is `published_at <= now()` (news_posts has no status column yet).
import type { Queryable } from '../db/open';
import { newId } from '../ids';
import { badRequest, conflict, notFound } from '../http/errors';
import type { Mailer } from '../email/mailer';
import type { NewsletterLinks } from '../auth/newsletterLinks';
import { listUnsubscribeHeaders, newsletterIssueMail, newsletterUnsubscribeLink, type IssueContent, type IssuePost } from '../email/newsletterTemplates';
import type { components } from '../../api/schema';

type Schemas = components['schemas'];
export type NewsletterIssue = Schemas['NewsletterIssue'];
export type NewsletterIssueDraft = Schemas['NewsletterIssueDraft'];
export type NewsletterPostSummary = Schemas['NewsletterPostSummary'];

/** The SQL condition of a post that may go into an issue: the one readers see (services/news.ts). */
export const publishedPost = (alias = '') => `${alias}status = 'published' and ${alias}published_at <= now()`;
export const PUBLISHED_POST = publishedPost();

/** Mails claimed per round of a sending. */
export const DELIVERY_BATCH = 25;

interface IssueRow {
  id: string;
  subject: string;
  intro: string;
  language: 'es' | 'en';
  post_ids: string[];
  status: 'draft' | 'sending' | 'sent';
  job_id: string | null;
  created_at: Date | string;
  send_started_at: Date | string | null;
  sent_at: Date | string | null;
  queued: number;
  sending: number;
  sent: number;
  failed: number;
  skipped: number;
}

const iso = (value: Date | string) => new Date(value).toISOString();

const ISSUE_SELECT = `select i.id, i.subject, i.intro, i.language, i.post_ids, i.status, i.job_id, i.created_at, i.send_started_at, i.sent_at,
       coalesce(d.queued, 0)::int as queued, coalesce(d.sending, 0)::int as sending, coalesce(d.sent, 0)::int as sent,
       coalesce(d.failed, 0)::int as failed, coalesce(d.skipped, 0)::int as skipped
  from newsletter_issues i
  left join lateral (
    select count(*) filter (where status = 'queued') as queued, count(*) filter (where status = 'sending') as sending,
           count(*) filter (where status = 'sent') as sent, count(*) filter (where status = 'failed') as failed,
           count(*) filter (where status = 'skipped') as skipped
      from newsletter_deliveries where issue_id = i.id) d on true`;

function toIssue(row: IssueRow): NewsletterIssue {
  const total = row.queued + row.sending + row.sent + row.failed + row.skipped;
  return {
    id: row.id,
    subject: row.subject,
    intro: row.intro,
    language: row.language,
    postIds: row.post_ids,
    status: row.status,
    jobId: row.job_id,
    deliveries: { total, queued: row.queued, sending: row.sending, sent: row.sent, failed: row.failed, skipped: row.skipped },
    createdAt: iso(row.created_at),
    sendStartedAt: row.send_started_at === null ? null : iso(row.send_started_at),
    sentAt: row.sent_at === null ? null : iso(row.sent_at),
  };
}

export async function findIssue(db: Queryable, id: string): Promise<NewsletterIssue | null> {
  const [row] = await db.execute<IssueRow>(`${ISSUE_SELECT} where i.id = $1`, [id]);
  return row ? toIssue(row) : null;
}

export async function listIssues(db: Queryable, page: number, limit: number) {
  const [{ total }] = await db.execute<{ total: number }>('select count(*)::int as total from newsletter_issues');
  const rows = await db.execute<IssueRow>(`${ISSUE_SELECT} order by i.created_at desc, i.id desc limit $1 offset $2`, [limit, (page - 1) * limit]);
  return { items: rows.map(toIssue), page, limit, total };
}

interface PostRow {
  id: string;
  title: string;
  summary: string;
  typepost: string;
  language: 'es' | 'en';
  published_at: Date | string;
}

/** Published posts of a language, newest first. */
export async function listPublishedPosts(db: Queryable, language: 'es' | 'en'): Promise<NewsletterPostSummary[]> {
  const rows = await db.execute<PostRow>(
    `select id, title, summary, typepost, language, published_at from news_posts
      where language = $1 and ${PUBLISHED_POST} order by published_at desc, id limit 100`,
    [language],
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    summary: row.summary,
    typepost: row.typepost,
    language: row.language,
    publishedAt: iso(row.published_at),
  }));
}

/** The posts of a draft in its order; a post that is not published or in another language is a 400 naming it. */
export async function postsOfDraft(db: Queryable, language: 'es' | 'en', postIds: string[]): Promise<Array<IssuePost & { typepost: string }>> {
  const rows = await db.execute<PostRow>(
    `select id, title, summary, typepost, language, published_at from news_posts where id = any($1::text[]) and language = $2 and ${PUBLISHED_POST}`,
    [postIds, language],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missing = postIds.filter((id) => !byId.has(id));
  if (missing.length > 0) {
    throw badRequest(
      'NEWSLETTER_POST_UNAVAILABLE',
      'A chosen post is not published in the issue’s language',
      missing.map((id) => `postIds: ${id} is not a published post of this language`),
    );
  }
  return postIds.map((id) => {
    const row = byId.get(id)!;
    return { id: row.id, title: row.title, summary: row.summary, typepost: row.typepost };
  });
}

/** The post kinds a subscriber must want (one of) to get an issue with these posts. */
const kindsOf = (posts: Array<{ typepost: string }>) => [...new Set(posts.map((post) => post.typepost))];

const AUDIENCE = `from newsletters where status = 'confirmed' and language = $1 and post_kinds && $2::text[]`;

export async function countRecipients(db: Queryable, language: 'es' | 'en', kinds: string[]): Promise<number> {
  const [{ n }] = await db.execute<{ n: number }>(`select count(distinct email)::int as n ${AUDIENCE}`, [language, kinds]);
  return n;
}

const SAMPLE_UNSUBSCRIBE_TOKEN = 'preview';

/** The e-mail as subscribers would get it, with how many it would reach now. */
export async function previewIssue(db: Queryable, publicUrl: string, draft: NewsletterIssueDraft) {
  const posts = await postsOfDraft(db, draft.language, draft.postIds);
  const content: IssueContent = { subject: draft.subject.trim(), intro: draft.intro ?? '', language: draft.language, posts };
  const mail = newsletterIssueMail(publicUrl, content, newsletterUnsubscribeLink(publicUrl, SAMPLE_UNSUBSCRIBE_TOKEN));
  return { ...mail, recipients: await countRecipients(db, draft.language, kindsOf(posts)) };
}

export async function createIssue(tx: Queryable, draft: NewsletterIssueDraft, createdBy: string): Promise<string> {
  await postsOfDraft(tx, draft.language, draft.postIds);
  const id = newId();
  await tx.execute(`insert into newsletter_issues (id, subject, intro, language, post_ids, created_by) values ($1, $2, $3, $4, $5::text[], $6)`, [
    id,
    draft.subject.trim(),
    draft.intro ?? '',
    draft.language,
    draft.postIds,
    createdBy,
  ]);
  return id;
}

/**
 * Starts a sending: draft → sending, the audience fixed as one queued delivery per address (the subscription
 * changed last when an address has two). A sending issue is left as it is; a sent one is a 409.
 */
export async function beginSending(tx: Queryable, id: string): Promise<{ started: boolean }> {
  const [issue] = await tx.execute<{ status: string; language: 'es' | 'en'; post_ids: string[] }>(
    'select status, language, post_ids from newsletter_issues where id = $1 for update',
    [id],
  );
  if (!issue) throw notFound('NOT_FOUND', 'No such issue');
  if (issue.status === 'sent') throw conflict('NEWSLETTER_ISSUE_SENT', 'This issue has already been sent');
  if (issue.status === 'sending') return { started: false };
  // The posts must still be published (one may have been unpublished since the draft).
  const posts = await postsOfDraft(tx, issue.language, issue.post_ids);
  await tx.execute(
    `insert into newsletter_deliveries (id, issue_id, newsletter_id, email)
     select md5(random()::text || clock_timestamp()::text || s.id), $3, s.id, s.email
       from (select distinct on (email) id, email ${AUDIENCE} order by email, updated_at desc, id) s
     on conflict (issue_id, email) do nothing`,
    [issue.language, kindsOf(posts), id],
  );
  await tx.execute(`update newsletter_issues set status = 'sending', send_started_at = now(), updated_at = now() where id = $1`, [id]);
  return { started: true };
}

export async function setIssueJob(db: Queryable, id: string, jobId: string | null): Promise<void> {
  await db.execute('update newsletter_issues set job_id = $2, updated_at = now() where id = $1', [id, jobId]);
}

export interface DeliveryDeps {
  database: Queryable & { transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> };
  mailer: Mailer;
  links: NewsletterLinks;
  publicUrl: string;
}

export interface DeliveryResult {
  sent: number;
  failed: number;
  skipped: number;
}

/**
 * Sends the queued deliveries of an issue (the job's work), claiming each batch before sending it. Safe to run
 * twice, also at the same time. Reports progress as deliveries done out of the audience.
 */
export async function deliverIssue(
  deps: DeliveryDeps,
  issueId: string,
  progress: (done: number, total: number) => Promise<void> = async () => {},
  /** Stops between two mails when aborted (a shutdown): the rest stays queued for the next run. */
  signal?: AbortSignal,
): Promise<DeliveryResult> {
  const { database, mailer, links, publicUrl } = deps;
  await database
    .transaction((tx) => beginSending(tx, issueId))
    .catch((error: unknown) => {
      // Already sent: nothing is left to do, and nothing is sent again.
      if (error instanceof Error && 'errorCode' in error && (error as { errorCode: string }).errorCode === 'NEWSLETTER_ISSUE_SENT') return;
      throw error;
    });
  const [issue] = await database.execute<{ subject: string; intro: string; language: 'es' | 'en'; post_ids: string[]; status: string }>(
    'select subject, intro, language, post_ids, status from newsletter_issues where id = $1',
    [issueId],
  );
  if (!issue) throw notFound('NOT_FOUND', 'No such issue');
  const result: DeliveryResult = { sent: 0, failed: 0, skipped: 0 };
  if (issue.status === 'sent') return result;
  // The posts as they are now (a title corrected since the draft goes out corrected); one unpublished meanwhile
  // is left out rather than announced.
  const posts = await database.execute<IssuePost>(
    `select p.id, p.title, p.summary from unnest($1::text[]) with ordinality as chosen(id, position)
       join news_posts p on p.id = chosen.id and ${publishedPost('p.')}
      order by chosen.position`,
    [issue.post_ids],
  );
  const content: IssueContent = { subject: issue.subject, intro: issue.intro, language: issue.language, posts };

  const report = async () => {
    const [{ done, total }] = await database.execute<{ done: number; total: number }>(
      `select count(*) filter (where status <> 'queued')::int as done, count(*)::int as total from newsletter_deliveries where issue_id = $1`,
      [issueId],
    );
    await progress(done, total);
  };
  await report();

  for (;;) {
    signal?.throwIfAborted();
    // Claim a batch: from here on no other run can take these rows.
    const claimed = await database.execute<{ id: string; email: string; newsletter_id: string | null; subscribed: boolean }>(
      `update newsletter_deliveries d set status = 'sending', claimed_at = now()
         from (select id from newsletter_deliveries where issue_id = $1 and status = 'queued' order by id limit $2 for update skip locked) c
        where d.id = c.id
        returning d.id, d.email, d.newsletter_id,
                  exists (select 1 from newsletters n where n.id = d.newsletter_id and n.status = 'confirmed') as subscribed`,
      [issueId, DELIVERY_BATCH],
    );
    if (claimed.length === 0) break;
    for (const [index, delivery] of claimed.entries()) {
      if (signal?.aborted) {
        // Give the rows not yet sent back to the queue: they were claimed by this run only.
        await database.execute(`update newsletter_deliveries set status = 'queued', claimed_at = null where id = any($1::text[]) and status = 'sending'`, [
          claimed.slice(index).map((row) => row.id),
        ]);
        signal.throwIfAborted();
      }
      if (!delivery.subscribed || !delivery.newsletter_id) {
        await database.execute(`update newsletter_deliveries set status = 'skipped' where id = $1`, [delivery.id]);
        result.skipped += 1;
        continue;
      }
      const token = links.sign('unsubscribe', delivery.newsletter_id);
      try {
        await mailer.send({
          to: delivery.email,
          purpose: 'newsletter-issue',
          ...newsletterIssueMail(publicUrl, content, newsletterUnsubscribeLink(publicUrl, token)),
          headers: listUnsubscribeHeaders(publicUrl, token),
        });
        await database.execute(`update newsletter_deliveries set status = 'sent', sent_at = now() where id = $1`, [delivery.id]);
        result.sent += 1;
      } catch (error) {
        // Addresses never go into the stored reason (SMTP errors may quote them).
        const reason = (error instanceof Error ? error.message : String(error)).replace(/[^\s<>"'()]+@[^\s<>"'()]+/g, '[email]').slice(0, 300);
        await database.execute(`update newsletter_deliveries set status = 'failed', error = $2 where id = $1`, [delivery.id, reason]);
        result.failed += 1;
      }
    }
    await report();
  }
  // Sent once nothing is queued (rows still `sending` belong to a run that is finishing, or died mid-mail).
  await database.execute(
    `update newsletter_issues set status = 'sent', sent_at = now(), updated_at = now()
      where id = $1 and status = 'sending' and not exists (select 1 from newsletter_deliveries where issue_id = $1 and status = 'queued')`,
    [issueId],
  );
  return result;
}
