// The post list as its view renders it: a pure function of the machine's snapshot.
import type { SnapshotFrom } from 'xstate';
import type { components } from '../../src/api/schema';
import { pageCount } from '../shared/paging';
import type { NewsLanguage, NewsListMachine } from './newsListMachine';

type Schemas = components['schemas'];

export interface NewsListView {
  status: 'loading' | 'ready' | 'empty' | 'failed';
  /** The posts of the page shown (kept while the next page loads). */
  posts: Schemas['Post'][];
  categories: Schemas['CategoryCount'][];
  category: string | null;
  language: NewsLanguage | null;
  page: number;
  pages: number;
  total: number;
  loading: boolean;
  canGoBack: boolean;
  canGoForward: boolean;
  canRetry: boolean;
}

export function newsListView(snapshot: SnapshotFrom<NewsListMachine>): NewsListView {
  const { context } = snapshot;
  const loading = snapshot.hasTag('loading');
  const status = loading ? 'loading' : snapshot.hasTag('ready') ? 'ready' : snapshot.hasTag('empty') ? 'empty' : 'failed';
  const pages = pageCount(context);
  return {
    status,
    posts: context.data?.items ?? [],
    categories: context.categories ?? [],
    category: context.category,
    language: context.language,
    page: context.page,
    pages,
    total: context.data?.total ?? 0,
    loading,
    canGoBack: snapshot.can({ type: 'news.goToPage', page: context.page - 1 }),
    canGoForward: snapshot.can({ type: 'news.goToPage', page: context.page + 1 }),
    canRetry: snapshot.can({ type: 'news.retry' }),
  };
}

export const sameNewsListView = (a: NewsListView, b: NewsListView) =>
  a.status === b.status &&
  a.posts === b.posts &&
  a.categories === b.categories &&
  a.category === b.category &&
  a.language === b.language &&
  a.page === b.page &&
  a.pages === b.pages &&
  a.loading === b.loading;
