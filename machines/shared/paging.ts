/** The pages of a paged answer (the contract's `*Page` schemas: `total` items, `limit` a page), at least 1. */
export function pageCount(context: { data: { total: number } | null; limit: number }): number {
  return Math.max(1, Math.ceil((context.data?.total ?? 0) / context.limit));
}

/**
 * A `goToPage(n)` worth loading: a whole number from 1 to the last page, not the page shown. A paged machine's
 * `isAnotherPage` guard asks it with its context and the event's page.
 */
export function isAnotherPage(context: { page: number; data: { total: number } | null; limit: number }, page: number): boolean {
  return Number.isInteger(page) && page >= 1 && page <= pageCount(context) && page !== context.page;
}

/** What a view shows of the paging: the page, the pages, the total, and whether to go back or forward (when `ready`). */
export function pagingView(context: { page: number; data: { total: number } | null; limit: number }, ready: boolean) {
  const pages = pageCount(context);
  return {
    page: context.page,
    pages,
    total: context.data?.total ?? 0,
    canGoBack: ready && context.page > 1,
    canGoForward: ready && context.page < pages,
  };
}

/**
 * A paged screen's view as the one list component (src/web/components/ListTable) reads a list: `items` of the page
 * shown (an empty page is the empty state), no filters, `loading` while a page (or a change) is on its way.
 */
export function listTableView<T>(
  view: { status: 'loading' | 'ready' | 'failed'; page: number; pages: number; canGoBack: boolean; canGoForward: boolean },
  items: T[],
  { loading, canRetry }: { loading: boolean; canRetry: boolean },
) {
  return {
    status: view.status === 'ready' && items.length === 0 ? ('empty' as const) : view.status,
    items,
    filtered: false,
    loading,
    page: view.page,
    pages: view.pages,
    canGoBack: view.canGoBack,
    canGoForward: view.canGoForward,
    canRetry,
  };
}
