// Payments (docs/payments.md): the catalogue, checkout on Stripe payment links (or the local
// sandbox), the customer portal, the signed webhook, the sandbox's test-mode pages and the corporate-plan
// contact request. Who may buy what is decided on the stored account (services/payments/eligibility.ts), here
// before checkout and again by the webhook before a paid session grants anything.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { stripeIds, subscribedPlan } from '../services/payments/subscription';
import type { OperationHandlers } from '../http/handlerTypes';
import { HttpError, conflict, notFound } from '../http/errors';
import { requireCaller } from '../auth/caller';
import { rateLimited } from '../auth/identity';
import { updateAccount, type UserRow } from '../services/users';
import type { Language } from '../../domain/constants';
import { paymentsMode } from '../services/payments/mode';
import { catalogueFor, findCatalogueItem, requestLanguage, type CatalogueItem } from '../services/payments/catalogue';
import { createStripeGateway, signPayload, verifyWebhook, webhookLinks, type StripeGateway } from '../services/payments/stripeGateway';
import { applyEvent, type StripeEventLike } from '../services/payments/webhook';
import { purchaseRefusal } from '../services/payments/eligibility';
import {
  checkoutCompletedEvent,
  claimSandboxSession,
  createSandboxSession,
  readSandboxSession,
  reopenSandboxSession,
  subscriptionDeletedEvent,
} from '../services/payments/sandbox';
import { renderSandboxPage, returnUrl } from '../services/payments/sandboxPage';
import { mailAdmins, storeCorporateContact } from '../services/payments/contact';
import { requestedReturnPath, safeStoredReturnPath } from '../services/returnPath';

const unavailable = () => new HttpError(503, 'PAYMENTS_UNAVAILABLE', 'Purchases are not available: no payment provider is configured');

/** A Stripe API call that fails (network, configuration) is a 503 for the buyer; the log names Stripe's error type only. */
async function viaStripe<T>(log: AppContext['log'], call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    log.error({ stripeError: (error as { type?: string }).type ?? 'unknown' }, 'stripe call failed');
    throw new HttpError(503, 'PAYMENTS_UNAVAILABLE', 'The payment provider did not answer; try again later');
  }
}

/**
 * The language of the payment pages: the one the person uses the app in (sent by the app), which also becomes the
 * account's language so later e-mails follow it; the account's language when the caller sends none.
 */
async function paymentLanguage(context: AppContext, user: UserRow, asked: Language | undefined): Promise<Language> {
  if (asked && asked !== user.language) {
    await updateAccount(context.database, user.id, { language: asked });
  }
  return asked ?? (user.language === 'en' ? 'en' : 'es');
}

/** Refuses what this account may not buy (services/payments/eligibility.ts, shared with the webhook). */
function assertMayBuy(user: UserRow, item: CatalogueItem) {
  const refusal = purchaseRefusal(user, item);
  if (refusal) throw new HttpError(refusal.status, refusal.code, refusal.message);
}

const wantsHtml = (request: FastifyRequest) => {
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html') && !accept.startsWith('application/json');
};

export function paymentHandlers(context: AppContext) {
  // Read from the context when called (the contract coverage test builds handlers without a configuration).
  const { config, database, log } = context;
  let settings: { mode: ReturnType<typeof paymentsMode>; links: ReturnType<typeof webhookLinks> } | null = null;
  const current = () => {
    if (!settings) {
      const mode = paymentsMode(config);
      settings = { mode, links: webhookLinks(config.stripe.links, mode === 'sandbox') };
    }
    return settings;
  };
  let gateway: StripeGateway | null = null;
  const stripe = () => (gateway ??= createStripeGateway(config.stripe.secretKey!, config.stripe.links, config.stripe.apiUrl));
  const apiUrl = (path: string) => `${config.publicUrl}/api${path}`;

  return {
    async getPaymentCatalogue(request, reply) {
      const language = requestLanguage(request.query.lang, request.headers['accept-language']);
      reply.header('vary', 'accept-language');
      return catalogueFor(database, language);
    },

    async createCheckout(request) {
      const user = await requireCaller(database, request);
      const askedReturnPath = requestedReturnPath(request.body.returnPath);
      if (current().mode === 'unavailable') throw unavailable();
      const item = await findCatalogueItem(database, request.body.buyButton);
      if (!item) throw notFound('UNKNOWN_ITEM', 'No such pack or card');
      assertMayBuy(user, item);
      const language = await paymentLanguage(context, user, request.body.language);
      if (current().mode === 'stripe') {
        const url = await viaStripe(log, () => stripe().checkoutUrl(item.id, { id: user.id, email: user.email }, language));
        if (!url) throw unavailable();
        return { url };
      }
      const sessionId = await createSandboxSession(database, {
        user_id: user.id,
        buy_button: item.id,
        description: (item.texts[language] ?? item.texts.es).name,
        amount: item.price ?? 0,
        currency: item.currency,
        email: user.email,
        kind: 'checkout',
        language,
        return_path: askedReturnPath ?? (item.kind === 'pack' ? '/my-account/my-credits' : '/become-premium'),
      });
      return { url: apiUrl(`/payments/sandbox/${sessionId}`) };
    },

    async createPortalSession(request) {
      const user = await requireCaller(database, request);
      const askedReturnPath = requestedReturnPath(request.body?.returnPath);
      if (current().mode === 'unavailable') throw unavailable();
      const ids = await stripeIds(database, user.id);
      if (user.premium_type === 'free' || !ids.stripe_customer_id) throw conflict('NO_SUBSCRIPTION', 'No subscription to manage');
      const returnPath = askedReturnPath ?? '/become-premium';
      const language = await paymentLanguage(context, user, request.body?.language);
      if (current().mode === 'stripe') {
        const customerId = ids.stripe_customer_id;
        return { url: await viaStripe(log, () => stripe().portalUrl(customerId, `${config.publicUrl}${returnPath}`, language)) };
      }
      if (!ids.stripe_subscription_id) throw conflict('NO_SUBSCRIPTION', 'No subscription to manage');
      const plan = await subscribedPlan(database, ids.stripe_subscription_id, language);
      const sessionId = await createSandboxSession(database, {
        user_id: user.id,
        buy_button: 'portal',
        description: plan?.name ?? user.premium_type,
        amount: Number(plan?.price ?? 0),
        currency: 'EUR',
        email: user.email,
        kind: 'portal',
        language,
        return_path: returnPath,
      });
      return { url: apiUrl(`/payments/sandbox/${sessionId}`) };
    },

    async handleStripeWebhook(request) {
      if (current().mode === 'unavailable') throw unavailable();
      const raw = request.rawBody;
      let event: StripeEventLike;
      try {
        const signature = request.headers['stripe-signature'];
        if (!raw || typeof signature !== 'string') throw new Error('no body or signature');
        event = verifyWebhook(raw, signature, config.secrets.webhookSecret) as unknown as StripeEventLike;
      } catch {
        throw new HttpError(400, 'INVALID_SIGNATURE', 'The Stripe signature does not match the body, or is too old');
      }
      const result = await database.transaction((tx) => applyEvent(tx, event, current().links));
      // A refused checkout is acknowledged (Stripe's retries could not make it right) and said loudly: the audit
      // log (payment.refused) keeps it for the admin who refunds the buyer.
      if (result.outcome === 'refused') log.warn({ stripeEvent: event.type, outcome: result.outcome, reason: result.reason }, 'stripe event refused');
      else log.info({ stripeEvent: event.type, outcome: result.outcome }, 'stripe event');
      return { received: true };
    },

    async getSandboxSession(request, reply) {
      if (current().mode !== 'sandbox') throw notFound();
      const session = await readSandboxSession(database, request.params.sessionId);
      if (!session) throw notFound();
      reply.header('cache-control', 'no-store');
      if (wantsHtml(request)) {
        // A session stored before returnPath was checked may hold `//host`: its Cancel link returns home instead.
        const page = renderSandboxPage(
          { ...session, return_path: safeStoredReturnPath(session.return_path) },
          apiUrl(`/payments/sandbox/${session.id}/complete`),
        );
        // This page, unlike the app, runs one inline script: its own policy, allowing that script by nonce.
        reply.header('content-security-policy', page.csp).type('text/html; charset=utf-8');
        return reply.send(page.html);
      }
      return {
        id: session.id,
        mode: 'test' as const,
        kind: session.kind,
        buyButton: session.buy_button,
        description: session.description,
        amount: Number(session.amount),
        currency: session.currency,
        email: session.email,
        status: session.status,
      };
    },

    async completeSandboxSession(request) {
      if (current().mode !== 'sandbox') throw notFound();
      const session = await claimSandboxSession(database, request.params.sessionId);
      if (!session) {
        const known = await readSandboxSession(database, request.params.sessionId);
        if (!known) throw notFound();
        throw conflict(known.status === 'expired' ? 'SESSION_EXPIRED' : 'SESSION_COMPLETED', `The session is ${known.status}`);
      }
      let event: StripeEventLike;
      const ids = await stripeIds(database, session.user_id);
      if (session.kind === 'portal') {
        if (!ids.stripe_subscription_id) {
          await reopenSandboxSession(database, session.id);
          throw conflict('NO_SUBSCRIPTION', 'No subscription to cancel');
        }
        event = subscriptionDeletedEvent(ids.stripe_subscription_id, ids.stripe_customer_id);
      } else {
        const item = await findCatalogueItem(database, session.buy_button);
        if (!item) {
          await reopenSandboxSession(database, session.id);
          throw notFound('UNKNOWN_ITEM', 'No such pack or card');
        }
        event = checkoutCompletedEvent(session, item, ids.stripe_customer_id);
      }
      // Delivered to the webhook over the app's own HTTP stack, signed as Stripe signs: the real code path.
      const payload = JSON.stringify(event);
      const delivery = await request.server.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signPayload(payload, config.secrets.webhookSecret) },
        payload,
      });
      if (delivery.statusCode !== 200) {
        await reopenSandboxSession(database, session.id);
        throw new HttpError(500, 'INTERNAL', 'The test event was not accepted by the webhook');
      }
      return { redirectUrl: returnUrl(safeStoredReturnPath(session.return_path), session.kind === 'portal' ? 'done' : 'success', session.kind) };
    },

    async requestCorporatePlan(request, reply) {
      const user = await requireCaller(database, request);
      const wait = await context.throttles.contactPerUser.hit(user.id);
      if (wait > 0) rateLimited(reply, wait);
      const contact = { userId: user.id, email: user.email, ...request.body };
      await storeCorporateContact(database, contact);
      await mailAdmins(database, context.mailer, log, contact);
      reply.code(202);
      return { status: 'received' as const };
    },
  } satisfies Partial<OperationHandlers>;
}
