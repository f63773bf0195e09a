// The admin forms pages' effects through the typed client: the forms list (GET forms with its filters), one
// form (GET forms/{id}) and the lookups by e-mail (GET forms/form-by-email, forms/last-by-user-email/{email}).
// Failures reject with the client's CallFailure.
import { fromPromise } from 'xstate';
import { api, call, type ApiClient } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { dataOf } from '../../src/api/callFailure';
import type { FilteredPageRequest } from '../list/listMachine';
import type { Form, LookupRequest } from './formLookupMachine';

export type FormPage = components['schemas']['FormPage'];
type FormStatus = components['schemas']['FormStatus'];

/** Forms per page of the admin list. */
export const FORMS_PAGE_LIMIT = 20;

const STATUSES: readonly string[] = ['in-progress', 'completed'] satisfies FormStatus[];
const OPTION_CODE = /^[a-z0-9-]{1,60}$/;

/** The forms list's filters as the contract takes them; a value the contract would refuse is left out. */
export function formsQuery(request: FilteredPageRequest) {
  const { query, year, status, country, sector } = request.filters;
  const yearNumber = year && /^\d{4}$/.test(year) ? Number(year) : undefined;
  return {
    page: request.page,
    limit: request.limit,
    ...(query ? { query } : {}),
    ...(yearNumber ? { year: yearNumber } : {}),
    ...(status && STATUSES.includes(status) ? { status: status as FormStatus } : {}),
    ...(country && OPTION_CODE.test(country) ? { country } : {}),
    ...(sector && OPTION_CODE.test(sector) ? { sector } : {}),
  };
}

export function adminFormsActors(client: ApiClient = api) {
  return {
    loadPage: fromPromise<FormPage, FilteredPageRequest>(async ({ input, signal }) =>
      dataOf(call(client.GET('/forms', { params: { query: formsQuery(input) }, signal }))),
    ),
    lookUp: fromPromise<Form, LookupRequest>(async ({ input, signal }) =>
      input.by === 'form'
        ? dataOf(call(client.GET('/forms/form-by-email', { params: { query: { email: input.email } }, signal })))
        : dataOf(call(client.GET('/forms/last-by-user-email/{email}', { params: { path: { email: input.email } }, signal }))),
    ),
  };
}

/** One form, read-only (the admin's form page). */
export function loadFormActor(id: string, client: ApiClient = api) {
  return fromPromise<Form>(async ({ signal }) => dataOf(call(client.GET('/forms/{id}', { params: { path: { id } }, signal }))));
}
