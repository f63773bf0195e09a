// Every operation of the contract has exactly one entry here (`satisfies OperationHandlers` makes a
// missing or misspelt operationId a type error). Capabilities of later issues are explicit 501s.
import type { RouteHandlerMethod } from 'fastify';
import type { AppContext } from './context';
import type { OperationHandlers } from '../http/handlerTypes';
import { notImplemented } from './notImplemented';
import { systemHandlers } from './system';
import { usersHandlers } from './users';
import { authHandlers } from './auth';
import { formsHandlers } from './forms';
import { comparisonHandlers } from './comparison';
import { configHandlers } from './configs';
import { releaseHandlers } from './releases';
import { personalViewsHandlers } from './personalViews';
import { paymentHandlers } from './payments';
import { jobHandlers } from './jobs';
import { auditHandlers } from './audit';
import { dataQualityHandlers } from './dataQuality';

export function createHandlers(context: AppContext) {
  return {
    ...systemHandlers(context),

    // outliers (admin simulator)
    listOutlierPacks: notImplemented('listOutlierPacks'),
    saveOutlierPack: notImplemented('saveOutlierPack'),
    deleteOutlierPack: notImplemented('deleteOutlierPack'),
    calculateOutlierPack: notImplemented('calculateOutlierPack'),
    getOutlierPackResult: notImplemented('getOutlierPackResult'),

    // users and identity
    ...usersHandlers(context), // also listOutbox (admin)
    ...authHandlers(context), // also requestPasswordReset (users/reset-pass)

    // questionnaire
    ...formsHandlers(context), // also listForms (admin)

    // newsletters and news
    subscribeNewsletter: notImplemented('subscribeNewsletter'),
    getNewsletterByEmail: notImplemented('getNewsletterByEmail'),
    listNewsletters: notImplemented('listNewsletters'),
    updateNewsletter: notImplemented('updateNewsletter'),
    listNews: notImplemented('listNews'),
    getNews: notImplemented('getNews'),
    createNews: notImplemented('createNews'),
    updateNews: notImplemented('updateNews'),
    deleteNews: notImplemented('deleteNews'),
    getRelevateCategories: notImplemented('getRelevateCategories'),

    // admin and statistics
    listOutlierForms: notImplemented('listOutlierForms'),
    getDetailedStatistics: notImplemented('getDetailedStatistics'),
    ...configHandlers(context), // getConfigs, updateMinValues, getInflationData, updateInflationData
    ...releaseHandlers(context), // listReleases, cutRelease
    ...jobHandlers(context), // getJob
    ...auditHandlers(context), // listAuditLog
    ...dataQualityHandlers(context), // getFormsTest, runDeferredCompensationScript (a background job)

    // comparison, individual comparison, evolution, insights
    ...comparisonHandlers(context), // compare, countResults, listUserHistory, deleteUserHistory, demoCompare
    ...personalViewsHandlers(context), // the four compareIndividual variants, getEvolution, the six insights

    // payments: catalogue, checkout, portal, webhook, sandbox, corporate-plan contact
    ...paymentHandlers(context),
  } satisfies OperationHandlers;
}

export type Handlers = ReturnType<typeof createHandlers>;

/** fastify-openapi-glue asks for each operationId of openapi.yaml; an unknown one is a start-up error. */
export function operationResolver(handlers: Handlers) {
  return (operationId: string) => {
    if (!(operationId in handlers)) throw new Error(`openapi.yaml names ${operationId}, which has no handler`);
    return handlers[operationId as keyof Handlers] as unknown as RouteHandlerMethod;
  };
}
