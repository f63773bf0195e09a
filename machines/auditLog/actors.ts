// The audit log's real effect: GET /api/admin/audit-log through the typed client with the applied filters
// (empty ones left out); a failure rejects with the client's CallFailure.
import { fromPromise, type PromiseActorLogic } from 'xstate';
import { api, call, type ApiClient } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { answerOf } from '../resource/answer';
import { auditLogMachine, type AuditPageRequest } from './auditLogMachine';
import type { ListPage } from '../pagedList/pagedListMachine';

export type AuditEntry = components['schemas']['AuditEntry'];
export type AuditLogPage = components['schemas']['AuditLogPage'];

export const AUDIT_PAGE_LIMIT = 20;

export function auditLogActors(client: ApiClient = api) {
  return {
    loadPage: fromPromise<AuditLogPage, AuditPageRequest>(async ({ input, signal }) => {
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

/** The machine never looks inside an entry; the view reads them back with `auditLogView<AuditEntry>`. */
export const provideAuditLog = (client: ApiClient = api) =>
  auditLogMachine.provide({ actors: { loadPage: auditLogActors(client).loadPage as unknown as PromiseActorLogic<ListPage, AuditPageRequest> } });
