// Every operation of the contract has exactly one entry here (`satisfies OperationHandlers` makes a
// missing or misspelt operationId a type error). Capabilities of later issues are explicit 501s.
import type { RouteHandlerMethod } from 'fastify';
import type { AppContext } from './context';
import type { OperationHandlers } from '../http/handlerTypes';
import { notImplemented } from './notImplemented';
import { systemHandlers } from './system';

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
    registerMember: notImplemented('registerMember'),
    registerCorporate: notImplemented('registerCorporate'),
    getCurrentUser: notImplemented('getCurrentUser'),
    listUsers: notImplemented('listUsers'),
    getUserByUid: notImplemented('getUserByUid'),
    getUser: notImplemented('getUser'),
    updateUser: notImplemented('updateUser'),
    updateOwnCampaign: notImplemented('updateOwnCampaign'),
    patchUser: notImplemented('patchUser'),
    deleteUser: notImplemented('deleteUser'),
    requestPasswordReset: notImplemented('requestPasswordReset'),
    exportMyData: notImplemented('exportMyData'),
    deleteMyAccount: notImplemented('deleteMyAccount'),
    listCreditLedger: notImplemented('listCreditLedger'),
    signIn: notImplemented('signIn'),
    refreshSession: notImplemented('refreshSession'),
    signOut: notImplemented('signOut'),
    confirmPasswordReset: notImplemented('confirmPasswordReset'),
    changePassword: notImplemented('changePassword'),
    verifyEmail: notImplemented('verifyEmail'),

    // questionnaire
    getQuestionnaire: notImplemented('getQuestionnaire'),
    createForm: notImplemented('createForm'),
    getForm: notImplemented('getForm'),
    updateForm: notImplemented('updateForm'),
    getFormByEmail: notImplemented('getFormByEmail'),
    getLastForm: notImplemented('getLastForm'),
    getLastFormByUserEmail: notImplemented('getLastFormByUserEmail'),
    getLastFormByUserId: notImplemented('getLastFormByUserId'),
    copyForm: notImplemented('copyForm'),

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
    listForms: notImplemented('listForms'),
    listOutlierForms: notImplemented('listOutlierForms'),
    getFormsTest: notImplemented('getFormsTest'),
    getDetailedStatistics: notImplemented('getDetailedStatistics'),
    getConfigs: notImplemented('getConfigs'),
    getInflationData: notImplemented('getInflationData'),
    updateInflationData: notImplemented('updateInflationData'),
    updateMinValues: notImplemented('updateMinValues'),
    runDeferredCompensationScript: notImplemented('runDeferredCompensationScript'),
    listOutbox: notImplemented('listOutbox'),

    // comparison, individual comparison, evolution, insights
    compare: notImplemented('compare'),
    countResults: notImplemented('countResults'),
    listUserHistory: notImplemented('listUserHistory'),
    deleteUserHistory: notImplemented('deleteUserHistory'),
    demoCompare: notImplemented('demoCompare'),
    compareIndividual: notImplemented('compareIndividual'),
    compareIndividualByFormId: notImplemented('compareIndividualByFormId'),
    compareIndividualByUserEmail: notImplemented('compareIndividualByUserEmail'),
    compareIndividualByUserId: notImplemented('compareIndividualByUserId'),
    getEvolution: notImplemented('getEvolution'),
    getBetterCity: notImplemented('getBetterCity'),
    getBetterSectors: notImplemented('getBetterSectors'),
    getAverageByCountry: notImplemented('getAverageByCountry'),
    getBetterCityByUserId: notImplemented('getBetterCityByUserId'),
    getBetterSectorsByUserId: notImplemented('getBetterSectorsByUserId'),
    getAverageByCountryByUserId: notImplemented('getAverageByCountryByUserId'),

    // payments
    getPaymentCatalogue: notImplemented('getPaymentCatalogue'),
    createCheckout: notImplemented('createCheckout'),
    createPortalSession: notImplemented('createPortalSession'),
    handleStripeWebhook: notImplemented('handleStripeWebhook'),
    getSandboxSession: notImplemented('getSandboxSession'),
    completeSandboxSession: notImplemented('completeSandboxSession'),
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
