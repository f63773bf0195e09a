// The personal views (docs/statistics-and-privacy.md): the personalised comparison (four variants), evolution over
// the survey years, the perception over the years and the insights (three rankings and their by-user-id variants). The handlers check who may see
// which form or person and hand the rest to services/personalViews.ts (the widening cascade, pricing, and every
// figure from the shared statistics engine) and the negotiation brief (services/negotiationBrief.ts).
import type { AppContext } from '../context';
import type { OperationHandlers } from '../http/handlerTypes';
import { conflict, notFound } from '../http/errors';
import { findUserByEmail, findUserById, normaliseEmail } from '../services/users';
import { FORM_REQUIRED } from '../services/statisticsEngine';
import { NOT_YOURS, formById, latestCompletedForm, mayAct, personalViews, type TargetForm } from '../services/personalViews';
import { perceptionHistoryService } from '../services/perceptionHistory';
import { negotiationBriefs } from '../services/negotiationBrief';

export function personalViewsHandlers(context: AppContext) {
  const { database } = context;
  const { individual, callerOf, latestFormOf, insight, evolution } = personalViews(context);
  const perceptionHistory = perceptionHistoryService(context);
  const { negotiationBrief } = negotiationBriefs(context);

  return {
    async compareIndividual(request) {
      const callerId = request.auth!.userId;
      if (request.body.historyId) return individual(callerId, { history: request.body.historyId }, request.body.idempotencyKey);
      const { caller } = await callerOf(callerId);
      let form: TargetForm | null;
      if (request.body.formId) {
        form = await formById(database, request.body.formId);
        if (!form) throw notFound('NOT_FOUND', 'No such form');
        if (!mayAct(caller, form.userId)) throw NOT_YOURS();
        if (form.status !== 'completed') throw conflict('FORM_NOT_COMPLETED', 'The form is not completed');
      } else {
        form = await latestCompletedForm(database, caller.id);
        if (!form) throw FORM_REQUIRED();
      }
      return individual(callerId, { form }, request.body.idempotencyKey);
    },

    async compareIndividualByFormId(request) {
      const { caller } = await callerOf(request.auth!.userId);
      const form = await formById(database, request.params.id);
      if (!form) throw notFound('NOT_FOUND', 'No such form');
      if (!mayAct(caller, form.userId)) throw NOT_YOURS();
      if (form.status !== 'completed' || form.fixedSalary === null) throw conflict('FORM_NOT_COMPLETED', 'The form is not completed');
      return individual(caller.id, { form });
    },

    async compareIndividualByUserEmail(request) {
      const callerId = request.auth!.userId;
      const { caller } = await callerOf(callerId);
      const email = normaliseEmail(request.params.email);
      const self = await findUserById(database, callerId);
      // Another person's address is refused before it is looked up, so the answer says nothing of who exists.
      if (!caller.roles.includes('admin') && self?.email !== email) throw NOT_YOURS();
      const user = self?.email === email ? self : await findUserByEmail(database, email);
      if (!user) throw notFound('NOT_FOUND', 'No such user');
      return individual(callerId, { form: await latestFormOf(caller, user.id) });
    },

    async compareIndividualByUserId(request) {
      const { caller } = await callerOf(request.auth!.userId);
      return individual(caller.id, { form: await latestFormOf(caller, request.params.id) });
    },

    // The negotiation brief: a PDF offered for download (the service checks the plan and the form).
    async getNegotiationBrief(request, reply) {
      const { pdf, fileName } = await negotiationBrief(request.auth!.userId, request.query.lang ?? 'es');
      reply.type('application/pdf').header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'no-store');
      return reply.send(pdf);
    },

    async getEvolution(request) {
      return evolution(request.auth!.userId, request.body);
    },

    async getPerceptionHistory(request) {
      return perceptionHistory(request.auth!.userId);
    },

    async getBetterCity(request) {
      return insight(request.auth!.userId, 'city', null, request.query.year, request.query.widen);
    },
    async getBetterSectors(request) {
      return insight(request.auth!.userId, 'sector', null, request.query.year, request.query.widen);
    },
    async getAverageByCountry(request) {
      return insight(request.auth!.userId, 'country', null, request.query.year, request.query.widen);
    },
    async getBetterCityByUserId(request) {
      return insight(request.auth!.userId, 'city', request.params.id, undefined);
    },
    async getBetterSectorsByUserId(request) {
      return insight(request.auth!.userId, 'sector', request.params.id, undefined);
    },
    async getAverageByCountryByUserId(request) {
      return insight(request.auth!.userId, 'country', request.params.id, undefined);
    },
  } satisfies Partial<OperationHandlers>;
}
