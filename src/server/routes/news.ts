// Posts: the contract's news calls, and outside the API the files a post needs to be
// read and found: its cover images (/media/news/…), an RSS feed per type (/rss/{typepost}.xml) and the
// sitemap of the public pages and posts (/sitemap.xml).
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { OperationHandlers } from '../http/handlerTypes';
import { isAdmin, requireAdmin } from '../auth/caller';
import { badRequest, forbidden, HttpError, notFound } from '../http/errors';
import { findUserById } from '../services/users';
import { categoryCounts, createPost, deletePost, findPost, listPosts, relatedPosts, updatePost, visiblePosts, type Typepost } from '../services/news';
import { renderPostMarkdown } from '../services/newsMarkdown';
import { detectImageType, IMAGE_PATH_PREFIX, MAX_IMAGE_BYTES, readImage, storeImage } from '../services/newsImages';
import { FEED_TYPES, postPath, rssXml } from '../services/newsFeeds';
import { sitemapPaths, sitemapXml } from '../http/webDelivery';
import { coverImageProblem } from '../../domain/coverImage';

/** Whether the caller is an admin now (anonymous callers are not; listNews and getNews are public). */
async function callerIsAdmin(context: AppContext, request: FastifyRequest): Promise<boolean> {
  if (!request.auth) return false;
  const user = await findUserById(context.database, request.auth.userId);
  return Boolean(user && !user.disabled && isAdmin(user));
}

const actorOf = (user: { id: string; email: string }) => ({ id: user.id, email: user.email });

/**
 * Every reader's browser loads the cover as <img src>: only an uploaded image or an https: address of a public
 * host (domain/coverImage.ts). The contract's pattern refuses the other shapes; this also reads the host.
 */
function assertCoverImage(imageUrl: string | null | undefined) {
  if (imageUrl === null || imageUrl === undefined) return;
  const problem = coverImageProblem(imageUrl);
  // One code, no problem list: the web app shows errors.codes.COVER_IMAGE_URL in the reader's language.
  if (problem) {
    const why = {
      not_uploaded_or_https: 'must be an image uploaded here or an https: address',
      internal_host: 'must not point to an internal address (localhost, a private or local host)',
      credentials: 'must not carry a user name or password',
    }[problem];
    throw badRequest('COVER_IMAGE_URL', `body.imageUrl: the cover image ${why}`);
  }
}

export function newsHandlers(context: AppContext) {
  const { database, config } = context;
  return {
    async listNews(request) {
      const status = request.query.status ?? 'published';
      if (status !== 'published' && !(await callerIsAdmin(context, request))) {
        throw forbidden('FORBIDDEN', 'Only administrators see drafts and scheduled posts');
      }
      const page = request.query.page ?? 1;
      const limit = request.query.limit ?? 10;
      const { items, total } = await listPosts(database, {
        typepost: request.query.typepost ?? 'blog',
        status,
        category: request.query.category,
        language: request.query.language,
        query: request.query.query?.trim() || undefined,
        page,
        limit,
      });
      return { items, page, limit, total };
    },

    async getNews(request) {
      const admin = await callerIsAdmin(context, request);
      const post = await findPost(database, request.params.id, { admin });
      if (!post) throw notFound('POST_NOT_FOUND', 'The post does not exist');
      const related = await relatedPosts(database, post);
      return { ...post, html: renderPostMarkdown(post.body), related };
    },

    async createNews(request, reply) {
      const admin = await requireAdmin(database, request);
      assertCoverImage(request.body.imageUrl);
      const post = await database.transaction((tx) => createPost(tx, actorOf(admin), request.body));
      reply.code(201);
      return post;
    },

    async updateNews(request) {
      const admin = await requireAdmin(database, request);
      assertCoverImage(request.body.imageUrl);
      return database.transaction((tx) => updatePost(tx, actorOf(admin), request.params.id, request.body));
    },

    async deleteNews(request, reply) {
      const admin = await requireAdmin(database, request);
      await database.transaction((tx) => deletePost(tx, actorOf(admin), request.params.id));
      reply.code(204);
    },

    async getRelevateCategories(request) {
      const items = await categoryCounts(database, request.query.typepost ?? 'blog', request.query.language);
      return { items };
    },

    async previewNews(request) {
      await requireAdmin(database, request);
      return { html: renderPostMarkdown(request.body.body) };
    },

    async uploadNewsImage(request, reply) {
      await requireAdmin(database, request);
      if (!request.isMultipart()) throw badRequest('IMAGE_REQUIRED', 'Send the image as multipart/form-data in the field "file"');
      const file = await request.file({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 0, parts: 1 } });
      if (!file || file.fieldname !== 'file') throw badRequest('IMAGE_REQUIRED', 'Send the image in the field "file"');
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new HttpError(413, 'IMAGE_TOO_LARGE', 'The image is larger than 2 MB');
        }
        throw error;
      }
      if (bytes.length === 0) throw badRequest('IMAGE_REQUIRED', 'The file is empty');
      const type = detectImageType(bytes);
      if (!type) throw new HttpError(415, 'IMAGE_TYPE', 'The image must be a PNG, JPEG or WebP file');
      const name = await storeImage(config.dataDir, bytes, type);
      reply.code(201);
      return { url: `${IMAGE_PATH_PREFIX}${name}`, contentType: type, size: bytes.length };
    },
  } satisfies Partial<OperationHandlers>;
}

/** Sends a generated text with an ETag, answering 304 when the reader already has it. */
function sendCached(request: FastifyRequest, reply: FastifyReply, type: string, body: string, maxAgeSeconds: number) {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  reply.header('cache-control', `public, max-age=${maxAgeSeconds}`).header('etag', etag);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.type(type).send(body);
}

/** The posts' files outside the API: cover images, feeds and the sitemap. */
export function registerNewsDelivery(app: FastifyInstance, { database, config }: AppContext) {
  app.get<{ Params: { name: string } }>(`${IMAGE_PATH_PREFIX}:name`, async (request, reply) => {
    const image = await readImage(config.dataDir, request.params.name);
    if (!image) return reply.code(404).send({ error: 'Not found', errorCode: 'NOT_FOUND' });
    // The name is the content's hash: the file never changes under it.
    return reply
      .type(image.type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(image.bytes);
  });

  app.get<{ Params: { file: string }; Querystring: { language?: string } }>('/rss/:file', async (request, reply) => {
    const typepost = /^(blog|insight|news)\.xml$/.exec(request.params.file)?.[1] as Typepost | undefined;
    if (!typepost || !FEED_TYPES.includes(typepost)) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    const language = request.query.language === 'es' || request.query.language === 'en' ? request.query.language : undefined;
    const posts = (await visiblePosts(database, typepost, 50)).filter((post) => !language || post.language === language);
    return sendCached(request, reply, 'application/rss+xml; charset=utf-8', rssXml(config.publicUrl, typepost, language, posts), 600);
  });

  app.get('/sitemap.xml', async (request, reply) => {
    const posts = await visiblePosts(database, null, 5000);
    const entries = [
      ...sitemapPaths().map((path) => ({ path })),
      ...posts.map((post) => ({ path: postPath(post), lastModified: post.updatedAt.slice(0, 10) })),
    ];
    return sendCached(request, reply, 'application/xml; charset=utf-8', sitemapXml(config.publicUrl, entries), 3600);
  });
}
