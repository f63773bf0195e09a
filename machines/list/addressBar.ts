// A list's filters and page in the address bar (?query=…&role=…&page=2): read when the page opens, written
// when the machine says they changed (list.queryChanged). Pure.
import { cleanFilters, type ListFilters } from './listMachine';

/** The named filters and the page found in the query string; unknown parameters are ignored. */
export function filtersFromSearch(search: URLSearchParams, names: readonly string[]): { filters: ListFilters; page: number } {
  const filters = cleanFilters(Object.fromEntries(names.map((name) => [name, search.get(name) ?? ''])));
  const page = Number(search.get('page'));
  return { filters, page: Number.isInteger(page) && page >= 1 ? page : 1 };
}

/** The query string of the filters and the page (page 1 left out). */
export function searchFromFilters(filters: ListFilters, page: number): URLSearchParams {
  const search = new URLSearchParams(Object.entries(cleanFilters(filters)));
  if (page > 1) search.set('page', String(page));
  return search;
}
