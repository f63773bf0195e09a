// Blog, insight and news posts. A post is a draft or published; a published post whose
// published_at is still ahead is "scheduled" and becomes visible by itself when its date passes (every read
// compares with now(), so no job is needed). Readers see published posts only; admins see everything.
import type { components } from '../../api/schema';
import { coverImageProblem } from '../../domain/coverImage';
import type { Queryable } from '../db/open';
import { newId } from '../ids';
import { recordAudit, type AuditActor } from './audit';
import { badRequest, notFound } from '../http/errors';

type Schemas = components['schemas'];
export type Post = Schemas['Post'];
export type PostInput = Schemas['PostInput'];
export type PostSummary = Schemas['PostSummary'];
export type Typepost = Schemas['Typepost'];
export type PostStatusFilter = Schemas['PostStatusFilter'];

interface PostRow {
  id: string;
  slug: string;
  status: 'draft' | 'published';
  title: string;
  summary: string;
  body: string;
  typepost: Typepost;
  categories: string[];
  language: 'es' | 'en';
  image_url: string | null;
  author: string;
  published_at: Date;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, slug, status, title, summary, body, typepost, categories, language, image_url, author, published_at, created_at, updated_at';

/** Visible to readers: published and its date reached. */
const VISIBLE = `status = 'published' and published_at <= now()`;

const iso = (value: Date | string) => new Date(value).toISOString();

export function effectiveStatus(row: Pick<PostRow, 'status' | 'published_at'>, now = new Date()): Post['status'] {
  if (row.status === 'draft') return 'draft';
  return new Date(row.published_at).getTime() > now.getTime() ? 'scheduled' : 'published';
}

function toPost(row: PostRow): Post {
  return {
    id: row.id,
    slug: row.slug,
    status: effectiveStatus(row),
    title: row.title,
    summary: row.summary,
    body: row.body,
    typepost: row.typepost,
    categories: row.categories,
    language: row.language,
    imageUrl: safeCover(row.image_url),
    publishedAt: iso(row.published_at),
    author: row.author,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

const toSummary = (row: PostRow): PostSummary => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  summary: row.summary,
  typepost: row.typepost,
  language: row.language,
  imageUrl: safeCover(row.image_url),
  publishedAt: iso(row.published_at),
});

/**
 * A stored cover that the rules refuse (written before they existed, or straight into the database) is never sent
 * to a reader's browser: the post is shown without a cover, and the editor asks for a new one.
 */
function safeCover(url: string | null): string | null {
  return url !== null && coverImageProblem(url) === null ? url : null;
}

/** "Cómo leer una mediana" → "como-leer-una-mediana" (ASCII letters and digits, at most 80 characters). */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug || 'post';
}

/** Key of the advisory lock that serialises slug choices (any constant of its own). */
const SLUG_LOCK = 7_207_114_102;

/**
 * The slug of the title, with -2, -3, … when another post already has it. Call it inside the transaction that
 * writes the slug: a transaction-scoped lock makes parallel creates and retitles choose one after another (the
 * read sees the slugs committed by those before it), instead of colliding on the unique index. One lock for all
 * titles, since "x 2" and a second "x" want the same slug; posts are written rarely.
 */
export async function uniqueSlug(db: Queryable, title: string, exceptId: string | null = null): Promise<string> {
  await db.execute('select pg_advisory_xact_lock($1)', [SLUG_LOCK]);
  const base = slugify(title);
  const rows = await db.execute<{ slug: string }>(`select slug from news_posts where (slug = $1 or slug like $2) and ($3::text is null or id <> $3)`, [
    base,
    `${base}-%`,
    exceptId,
  ]);
  const taken = new Set(rows.map((row) => row.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

export interface ListOptions {
  typepost: Typepost;
  status: PostStatusFilter;
  category?: string;
  language?: 'es' | 'en';
  query?: string;
  page: number;
  limit: number;
}

function statusCondition(status: PostStatusFilter): string {
  switch (status) {
    case 'published':
      return VISIBLE;
    case 'scheduled':
      return `status = 'published' and published_at > now()`;
    case 'draft':
      return `status = 'draft'`;
    case 'all':
      return 'true';
  }
}

/** One page of posts, newest first (by publication date, then creation). */
export async function listPosts(db: Queryable, options: ListOptions): Promise<{ items: Post[]; total: number }> {
  const params: unknown[] = [options.typepost];
  const where = ['typepost = $1', statusCondition(options.status)];
  if (options.category) {
    params.push(options.category);
    where.push(`$${params.length} = any(categories)`);
  }
  if (options.language) {
    params.push(options.language);
    where.push(`language = $${params.length}`);
  }
  if (options.query) {
    params.push(`%${options.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(title ilike $${params.length} or summary ilike $${params.length} or body ilike $${params.length})`);
  }
  const condition = where.join(' and ');
  params.push(options.limit, (options.page - 1) * options.limit);
  const rows = await db.execute<PostRow & { total: string | number }>(
    `select ${COLUMNS}, count(*) over () as total from news_posts where ${condition}
     order by published_at desc, created_at desc, id limit $${params.length - 1} offset $${params.length}`,
    params,
  );
  let total = rows.length > 0 ? Number(rows[0].total) : 0;
  if (rows.length === 0 && options.page > 1) {
    const [count] = await db.execute<{ n: string | number }>(`select count(*) as n from news_posts where ${condition}`, params.slice(0, -2));
    total = Number(count.n);
  }
  return { items: rows.map(toPost), total };
}

/** A post by id or slug; null when missing or (for a reader) not visible. */
export async function findPost(db: Queryable, idOrSlug: string, { admin }: { admin: boolean }): Promise<Post | null> {
  const rows = await db.execute<PostRow>(
    `select ${COLUMNS} from news_posts where (id = $1 or slug = $1) ${admin ? '' : `and ${VISIBLE}`}
     order by (id = $1) desc limit 1`,
    [idOrSlug],
  );
  return rows[0] ? toPost(rows[0]) : null;
}

/** Up to `limit` visible posts of the same type and language, those sharing more categories first. */
export async function relatedPosts(db: Queryable, post: Pick<Post, 'id' | 'typepost' | 'language' | 'categories'>, limit = 3): Promise<PostSummary[]> {
  const rows = await db.execute<PostRow>(
    `select ${COLUMNS} from news_posts
     where ${VISIBLE} and typepost = $1 and language = $2 and id <> $3 and categories && $4::text[]
     order by cardinality(array(select unnest(categories) intersect select unnest($4::text[]))) desc, published_at desc
     limit $5`,
    [post.typepost, post.language, post.id, post.categories, limit],
  );
  return rows.map(toSummary);
}

/** Categories of the visible posts of a type (and language), with their number of posts, most used first. */
export async function categoryCounts(db: Queryable, typepost: Typepost, language?: 'es' | 'en'): Promise<Array<{ category: string; count: number }>> {
  const rows = await db.execute<{ category: string; count: string | number }>(
    `select category, count(*) as count from news_posts, unnest(categories) as category
     where ${VISIBLE} and typepost = $1 and ($2::text is null or language = $2)
     group by category order by count(*) desc, category`,
    [typepost, language ?? null],
  );
  return rows.map((row) => ({ category: row.category, count: Number(row.count) }));
}

/** The stored status and date of an input (status defaults to published, the date to now). */
function scheduleOf(input: PostInput, now: Date): { status: 'draft' | 'published'; publishedAt: Date } {
  const publishedAt = input.publishedAt ? new Date(input.publishedAt) : now;
  const status = input.status ?? 'published';
  if (status === 'scheduled' && publishedAt.getTime() <= now.getTime()) {
    throw badRequest('SCHEDULE_IN_PAST', 'A scheduled post needs a publication date in the future', ['body.publishedAt: must be in the future to schedule']);
  }
  return { status: status === 'draft' ? 'draft' : 'published', publishedAt };
}

/** What the editor sets, as the insert and the update both take it ($4 to $10: title to cover image). */
const editedValues = (input: PostInput) => [
  input.title.trim(),
  input.summary.trim(),
  input.body,
  input.typepost ?? 'blog',
  input.categories,
  input.language,
  input.imageUrl ?? null,
];

const defaultAuthor = (language: 'es' | 'en') => (language === 'es' ? 'Equipo Paybench' : 'Paybench team');

/** An audit snapshot: everything but the body text (which can be long), with its length. */
const auditView = (post: Post) => ({ ...post, body: undefined, bodyLength: post.body.length });

export async function createPost(tx: Queryable, actor: AuditActor, input: PostInput, now = new Date()): Promise<Post> {
  const { status, publishedAt } = scheduleOf(input, now);
  const id = newId();
  const slug = await uniqueSlug(tx, input.title);
  const [row] = await tx.execute<PostRow>(
    `insert into news_posts (id, slug, status, title, summary, body, typepost, categories, language, image_url, author, published_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning ${COLUMNS}`,
    [id, slug, status, ...editedValues(input), input.author?.trim() || defaultAuthor(input.language), publishedAt],
  );
  const post = toPost(row);
  await recordAudit(tx, actor, { action: 'news.create', targetType: 'news_post', targetId: id, after: auditView(post) });
  return post;
}

export async function updatePost(tx: Queryable, actor: AuditActor, id: string, input: PostInput, now = new Date()): Promise<Post> {
  const [current] = await tx.execute<PostRow>(`select ${COLUMNS} from news_posts where id = $1 for update`, [id]);
  if (!current) throw notFound('POST_NOT_FOUND', 'The post does not exist');
  const { status, publishedAt } = scheduleOf(input, now);
  // The address stays once readers may have it; a draft that never went out follows its title.
  const everPublished = current.status === 'published' && new Date(current.published_at).getTime() <= now.getTime();
  const slug = everPublished || input.title.trim() === current.title ? current.slug : await uniqueSlug(tx, input.title, id);
  const [row] = await tx.execute<PostRow>(
    `update news_posts set slug = $2, status = $3, title = $4, summary = $5, body = $6, typepost = $7, categories = $8,
       language = $9, image_url = $10, author = $11, published_at = $12, updated_at = now()
     where id = $1 returning ${COLUMNS}`,
    [id, slug, status, ...editedValues(input), input.author?.trim() || current.author, publishedAt],
  );
  const post = toPost(row);
  await recordAudit(tx, actor, { action: 'news.update', targetType: 'news_post', targetId: id, before: auditView(toPost(current)), after: auditView(post) });
  return post;
}

export async function deletePost(tx: Queryable, actor: AuditActor, id: string): Promise<void> {
  const [row] = await tx.execute<PostRow>(`delete from news_posts where id = $1 returning ${COLUMNS}`, [id]);
  if (!row) throw notFound('POST_NOT_FOUND', 'The post does not exist');
  await recordAudit(tx, actor, { action: 'news.delete', targetType: 'news_post', targetId: id, before: auditView(toPost(row)) });
}

/** Visible posts of a type for feeds and the sitemap, newest first. */
export async function visiblePosts(db: Queryable, typepost: Typepost | null, limit: number): Promise<Post[]> {
  const rows = await db.execute<PostRow>(
    `select ${COLUMNS} from news_posts where ${VISIBLE} and ($1::text is null or typepost = $1)
     order by published_at desc, id limit $2`,
    [typepost, limit],
  );
  return rows.map(toPost);
}
