// Every operation of the contract has exactly one entry here (`satisfies OperationHandlers` makes a
// missing or misspelt operationId a type error).
import type { RouteHandlerMethod } from 'fastify';
import type { AppContext } from '../context';
import type { OperationHandlers } from '../http/handlerTypes';
import { systemHandlers } from './system';
import { usersHandlers } from './users';
import { adminUserHandlers } from './adminUsers';
import { authHandlers } from './auth';
import { secondFactorHandlers } from './secondFactor';
import { accountSecurityHandlers } from './accountSecurity';
import { oidcHandlers } from './oidc';
import { formsHandlers } from './forms';
import { comparisonHandlers } from './comparison';
import { configHandlers } from './configs';
import { releaseHandlers } from './releases';
import { personalViewsHandlers } from './personalViews';
import { paymentHandlers } from './payments';
import { newsHandlers } from './news';
import { outlierHandlers } from './outliers';
import { newsletterHandlers } from './newsletters';
import { jobHandlers } from './jobs';
import { auditHandlers } from './audit';
import { adminStatisticsHandlers } from './adminStatistics';
import { dataQualityHandlers } from './dataQuality';
import { releaseAlertHandlers } from './releaseAlerts';
import { payTransparencyHandlers } from './payTransparency';

export function createHandlers(context: AppContext) {
  return {
    ...systemHandlers(context),

    // outliers (admin simulator)
    ...outlierHandlers(context), // the five outliers-packs calls and listOutlierForms (forms/outliers)

    // users and identity
    ...usersHandlers(context), // also listOutbox (admin)
    ...adminUserHandlers(context), // listUserCreditLedger, listUserSearches (admin)
    ...authHandlers(context), // also requestPasswordReset (users/reset-pass)
    ...secondFactorHandlers(context), // the sign-in's second step and TOTP enrolment in the settings
    ...accountSecurityHandlers(context), // Re-authentication, linked identity providers (list, unlink)
    ...oidcHandlers(context), // Sign-in through OpenID Connect providers, company single sign-on
    ...releaseAlertHandlers(context), // the member's release alerts (settings, the e-mail's unsubscribe link) and their job

    // questionnaire
    ...formsHandlers(context), // also listForms (admin)

    // newsletters and news
    ...newsHandlers(context), // the six news calls, previewNews and uploadNewsImage
    ...newsletterHandlers(context), // the four subscription calls, confirm/unsubscribe links, CSV export, issues and their sending

    // admin and statistics
    ...adminStatisticsHandlers(context), // getDetailedStatistics, updateExchangeRates
    ...configHandlers(context), // getConfigs, updateMinValues, getInflationData, updateInflationData
    ...releaseHandlers(context), // listReleases, cutRelease
    ...jobHandlers(context), // getJob
    ...auditHandlers(context), // listAuditLog
    ...dataQualityHandlers(context), // getFormsTest, runDeferredCompensationScript (a background job)

    // a corporate customer's own payroll and its gender pay gap report
    ...payTransparencyHandlers(context),

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
    // eslint-disable-next-line @typescript-eslint/unbound-method -- the handlers are plain functions: none reads `this`
    return handlers[operationId as keyof Handlers] as unknown as RouteHandlerMethod;
  };
}
