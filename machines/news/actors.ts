// The posts' real effects through the typed client: the list of a type with its category counts,
// one post by id or slug, and the editor's calls (save, delete, preview, cover upload). Each resolves with the
// answer or rejects with the client's CallFailure, for the machines in machines/news and machines/newsEditor.
import { fromPromise } from 'xstate';
import { api, call, type ApiClient } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { answerOf } from '../resource/answer';
import type { FilteredPageRequest } from '../list/listMachine';
import type { NewsListRequest, NewsListAnswer } from './newsListMachine';
import { categoriesOf, type EditorDraft, type SaveRequest, type SaveStatus } from '../newsEditor/newsEditorMachine';

export type Post = components['schemas']['Post'];
export type PostInput = components['schemas']['PostInput'];
export type PostSummary = components['schemas']['PostSummary'];
export type Typepost = components['schemas']['Typepost'];
export type PostStatusFilter = components['schemas']['PostStatusFilter'];
export type PostPage = components['schemas']['PostPage'];
export type NewsImage = components['schemas']['NewsImage'];

/** The contract's PostInput of an editor draft (dates as ISO text; a blank cover is none). */
export function postInputOf(draft: EditorDraft, status: SaveStatus, now = Date.now()): PostInput {
  const at = draft.publishAt ? new Date(draft.publishAt) : null;
  // Publishing keeps a past date (an edit of a published post) and otherwise means now; scheduling and a
  // draft keep the date given.
  const keep = at && !Number.isNaN(at.getTime()) && (status !== 'published' || at.getTime() <= now);
  const publishedAt = keep ? at.toISOString() : undefined;
  return {
    title: draft.title.trim(),
    summary: draft.summary.trim(),
    body: draft.body,
    typepost: draft.typepost,
    categories: categoriesOf(draft.categoriesText),
    language: draft.language,
    imageUrl: draft.imageUrl || null,
    status,
    ...(publishedAt ? { publishedAt } : {}),
    ...(draft.author.trim() ? { author: draft.author.trim() } : {}),
  };
}

export function newsActors(client: ApiClient = api) {
  return {
    /** A page of published posts, and the type's categories the first time (they do not change while reading). */
    loadPosts: fromPromise<NewsListAnswer, NewsListRequest>(async ({ input, signal }) => {
      const query = {
        typepost: input.typepost,
        page: input.page,
        limit: input.limit,
        ...(input.category ? { category: input.category } : {}),
        ...(input.language ? { language: input.language } : {}),
      };
      const [page, categories] = await Promise.all([
        call(client.GET('/news', { params: { query }, signal })).then(answerOf),
        input.withCategories
          ? call(client.GET('/news/relevate-categories', { params: { query: { typepost: input.typepost } }, signal })).then(answerOf)
          : Promise.resolve(null),
      ]);
      return { page, categories: categories?.items ?? null };
    }),

    /** One post with its rendered body and related posts (readers: published only). */
    loadPost: (idOrSlug: string) =>
      fromPromise<Post>(async ({ signal }) => answerOf(await call(client.GET('/news/{id}', { params: { path: { id: idOrSlug } }, signal })))),

    /** The admin list (the list machine's page call): the posts of a type (`blog` unless filtered), of every status unless filtered. */
    loadAdminPage: fromPromise<PostPage, FilteredPageRequest>(async ({ input, signal }) => {
      const typepost = (input.filters.typepost ?? 'blog') as Typepost;
      const status = (input.filters.status ?? 'all') as PostStatusFilter;
      return answerOf(await call(client.GET('/news', { params: { query: { typepost, status, page: input.page, limit: input.limit } }, signal })));
    }),

    loadForEditing: fromPromise<Post, { id: string }>(async ({ input, signal }) =>
      answerOf(await call(client.GET('/news/{id}', { params: { path: { id: input.id } }, signal }))),
    ),

    savePost: fromPromise<Post, SaveRequest>(async ({ input }) => {
      const body = postInputOf(input.draft, input.status);
      return answerOf(await call(input.id ? client.PUT('/news/{id}', { params: { path: { id: input.id } }, body }) : client.POST('/news', { body })));
    }),

    deletePost: fromPromise<void, { id: string }>(async ({ input }) => {
      const result = await call(client.DELETE('/news/{id}', { params: { path: { id: input.id } } }));
      if (!result.ok) throw result;
    }),

    renderPreview: fromPromise<string, { body: string }>(
      async ({ input, signal }) => answerOf(await call(client.POST('/news/preview', { body: { body: input.body }, signal }))).html,
    ),

    uploadImage: fromPromise<NewsImage, { file: File }>(async ({ input }) => {
      const form = new FormData();
      form.append('file', input.file);
      return answerOf(await call(client.POST('/news/images', { body: form as never, bodySerializer: (body: unknown) => body as FormData })));
    }),
  };
}
