// The questionnaire definition and the forms that answer it (tag forms), plus the admin list of forms.
// Permissions and rules live in services/forms.ts; this module maps requests and statuses.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { OperationHandlers } from '../http/handlerTypes';
import { QUESTIONNAIRE_CACHE_CONTROL, matchesEtag, servedQuestionnaire } from '../services/questionnaire';
import * as forms from '../services/forms';
import { clientAddress, rateLimited } from '../auth/identity';
import { questionnaireOptIn } from './newsletters';

export function formsHandlers(context: AppContext) {
  const { database, throttles } = context;
  // A completed form with the newsletter opt-in becomes a pending subscription (routes/newsletters.ts).
  const optIn = questionnaireOptIn(context);
  /** The signed-in caller as stored now, or null (anonymous); 401 when the token's account is gone. */
  const callerOf = (request: FastifyRequest) => forms.resolveCaller(database, request.auth);

  return {
    async getQuestionnaire(request, reply) {
      const { body, etag } = servedQuestionnaire();
      reply.header('etag', etag).header('cache-control', QUESTIONNAIRE_CACHE_CONTROL);
      if (matchesEtag(request.headers['if-none-match'], etag)) {
        await reply.code(304).send();
        return;
      }
      return body;
    },

    async createForm(request, reply) {
      const caller = await callerOf(request);
      // Anonymous drafts cost nothing to make: one client address makes a bounded number of them.
      if (!caller) {
        const wait = await throttles.draftsPerAddress.hit(clientAddress(request));
        if (wait > 0) rateLimited(reply, wait);
      }
      const { form, created } = await forms.createForm(database, caller, request.body);
      if (request.body.newsletterOptIn !== undefined) await optIn(request, form, caller);
      // A signed-in person's existing form of this year is returned (with the answers saved into it).
      reply.code(created ? 201 : 200);
      return form;
    },

    async getForm(request) {
      return forms.getForm(database, await callerOf(request), request.params.id);
    },

    async updateForm(request) {
      const caller = await callerOf(request);
      const form = await forms.updateForm(database, caller, request.params.id, request.body);
      if (request.body.complete === true || request.body.newsletterOptIn !== undefined) await optIn(request, form, caller);
      return form;
    },

    async getFormByEmail(request) {
      return forms.getFormByEmail(database, await callerOf(request), request.query.email);
    },

    async getLastForm(request) {
      return forms.getLastForm(database, await callerOf(request));
    },

    async getLastFormByUserEmail(request) {
      return forms.getLastFormByUserEmail(database, await callerOf(request), request.params.email);
    },

    async getLastFormByUserId(request) {
      return forms.getLastFormByUserId(database, await callerOf(request), request.params.id);
    },

    async copyForm(request, reply) {
      const form = await forms.copyForm(database, await callerOf(request), request.body?.fromYear);
      reply.code(201);
      return form;
    },

    async listForms(request) {
      const { query, year, status, country, sector, userId, page, limit } = request.query;
      return forms.listForms(database, await callerOf(request), { query, year, status, country, sector, userId, page, limit });
    },
  } satisfies Partial<OperationHandlers>;
}
