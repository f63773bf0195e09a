// The real effects of the admin's user pages through the typed client: the users list (GET users), one
// account (GET users/{id}), its changes (PATCH, DELETE users/{id}) and what its page lists: its forms
// (GET forms?userId), saved searches (GET users/{id}/history) and credit ledger (GET users/{id}/credit-ledger).
// Failures reject with the client's CallFailure.
import { fromPromise } from 'xstate';
import { api, call, type ApiClient } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { dataOf, failureOfResult } from '../../src/api/callFailure';
import type { FilteredPageRequest, PageRequest } from '../list/listMachine';
import type { PatchRequest, Role, User } from './adminUserMachine';

type Schemas = components['schemas'];
export type UserPage = Schemas['UserPage'];
export type FormPage = Schemas['FormPage'];
export type HistoryPage = Schemas['HistoryPage'];
export type CreditLedgerPage = Schemas['CreditLedgerPage'];

/** Accounts per page of the users list; forms, searches and movements per page of a user's page. */
export const USERS_PAGE_LIMIT = 20;
export const USER_LISTS_LIMIT = 5;

const ROLE_FILTERS: readonly string[] = ['member', 'corporate', 'admin'] satisfies Role[];

/** The users list's filters as the contract takes them: `query` (e-mail, company or id) and `role`. */
export function usersQuery(request: FilteredPageRequest) {
  const { query, role } = request.filters;
  return {
    page: request.page,
    limit: request.limit,
    ...(query ? { query } : {}),
    ...(role && ROLE_FILTERS.includes(role) ? { role: role as Role } : {}),
  };
}

export function adminUsersListActors(client: ApiClient = api) {
  return {
    loadPage: fromPromise<UserPage, FilteredPageRequest>(async ({ input, signal }) =>
      dataOf(call(client.GET('/users', { params: { query: usersQuery(input) }, signal }))),
    ),
  };
}

export function adminUserActors(client: ApiClient = api) {
  return {
    loadUser: fromPromise<User, { userId: string }>(async ({ input, signal }) =>
      dataOf(call(client.GET('/users/{id}', { params: { path: { id: input.userId } }, signal }))),
    ),
    patchUser: fromPromise<User, PatchRequest>(async ({ input, signal }) =>
      dataOf(call(client.PATCH('/users/{id}', { params: { path: { id: input.userId } }, body: input.patch, signal }))),
    ),
    deleteUser: fromPromise<true, { userId: string }>(async ({ input, signal }) => {
      const result = await call(client.DELETE('/users/{id}', { params: { path: { id: input.userId } }, signal }));
      if (result.ok) return true;
      throw failureOfResult(result);
    }),
  };
}

/** The paged lists of one user's page, each for the list machine (machines/list). */
export function userListsActors(userId: string, client: ApiClient = api) {
  return {
    forms: fromPromise<FormPage, PageRequest>(async ({ input, signal }) =>
      dataOf(call(client.GET('/forms', { params: { query: { userId, page: input.page, limit: input.limit } }, signal }))),
    ),
    searches: fromPromise<HistoryPage, PageRequest>(async ({ input, signal }) =>
      dataOf(call(client.GET('/users/{id}/history', { params: { path: { id: userId }, query: { page: input.page, limit: input.limit } }, signal }))),
    ),
    ledger: fromPromise<CreditLedgerPage, PageRequest>(async ({ input, signal }) =>
      dataOf(call(client.GET('/users/{id}/credit-ledger', { params: { path: { id: userId }, query: { page: input.page, limit: input.limit } }, signal }))),
    ),
  };
}
