// The audit log as a configuration of the list machine (machines/list): GET /api/admin/audit-log through the
// typed client with the applied filters (action prefix, admin's e-mail, target type and id), typed then
// applied; a failure rejects with the client's CallFailure.
import { fromPromise } from 'xstate';
import { api, call, type ApiClient } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { answerOf } from '../resource/answer';
import { provideList, type FilteredPageRequest } from '../list/listMachine';

export type AuditEntry = components['schemas']['AuditEntry'];
export type AuditLogPage = components['schemas']['AuditLogPage'];

export const AUDIT_PAGE_LIMIT = 20;
/** The filters of the log, in the order the page shows them. */
export const AUDIT_FILTERS = ['action', 'actor', 'targetType', 'targetId'] as const;

export function auditLogActors(client: ApiClient = api) {
  return {
    loadPage: fromPromise<AuditLogPage, FilteredPageRequest>(async ({ input, signal }) => {
      const { action, actor, targetType, targetId } = input.filters;
      const query = {
        page: input.page,
        limit: input.limit,
        ...(action ? { action } : {}),
        ...(actor ? { actor } : {}),
        ...(targetType ? { targetType } : {}),
        ...(targetId ? { targetId } : {}),
      };
      return answerOf(await call(client.GET('/admin/audit-log', { params: { query }, signal })));
    }),
  };
}

export const provideAuditLog = (client: ApiClient = api) => provideList(auditLogActors(client).loadPage);
