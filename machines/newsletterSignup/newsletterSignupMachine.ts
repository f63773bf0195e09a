import { assertEvent, assign, emit, setup } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { failureActions } from '../shared/failure';
import { injected } from '../shared/injected';

export type NewsletterSubscribeRequest = components['schemas']['NewsletterSubscribeRequest'];
export type NewsletterKind = components['schemas']['NewsletterKind'];

export type SignupField = 'email' | 'name' | 'company' | 'position';
export type SignupValues = Record<SignupField, string>;
/** Translation keys of what is wrong with each field (newsletter.errors.*). */
export type SignupErrors = Partial<Record<SignupField, string>>;

export interface NewsletterSignupInput {
  language: 'es' | 'en';
  /** Where the form is: the footer, or a page. */
  source: 'footer' | 'page';
}

export interface NewsletterSignupContext extends NewsletterSignupInput {
  kind: NewsletterKind;
  values: SignupValues;
  errors: SignupErrors;
  failure: CallFailure | null;
  /** The address the last confirmation link went to (shown in the "check your inbox" message). */
  sentTo: string | null;
}

export type NewsletterSignupEvent =
  | { type: 'signup.set'; field: SignupField; value: string }
  | { type: 'signup.kind'; kind: NewsletterKind }
  | { type: 'signup.language'; language: 'es' | 'en' }
  | { type: 'signup.submit' }
  | { type: 'signup.again' };

export type NewsletterSignupEmitted = { type: 'signup.sent' } | { type: 'signup.failed'; failure: CallFailure };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMPTY: SignupValues = { email: '', name: '', company: '', position: '' };

/** The contract's limits as translation keys; an empty result is a valid request. */
export function validateSignup(kind: NewsletterKind, values: SignupValues): SignupErrors {
  const errors: SignupErrors = {};
  const email = values.email.trim();
  if (email === '') errors.email = 'newsletter.errors.required';
  else if (!EMAIL.test(email) || email.length > 254) errors.email = 'newsletter.errors.email';
  for (const field of ['name', 'company', 'position'] as const) {
    if (values[field].trim().length > 200) errors[field] = 'newsletter.errors.too_long';
  }
  if (kind === 'professionalUser' && values.company.trim() === '') errors.company = 'newsletter.errors.required';
  return errors;
}

/** The request body of the contract's payloads: standartUser, or professionalUser with company and position. */
export function signupRequestOf(context: Pick<NewsletterSignupContext, 'kind' | 'values' | 'language' | 'source'>): NewsletterSubscribeRequest {
  const trimmed = (field: SignupField) => context.values[field].trim();
  const optional = (field: SignupField) => (trimmed(field) ? { [field]: trimmed(field) } : {});
  const person = { email: trimmed('email'), language: context.language, source: context.source, ...optional('name') };
  return context.kind === 'professionalUser' ? { professionalUser: { ...person, ...optional('company'), ...optional('position') } } : { standartUser: person };
}

/**
 * Newsletter sign-up (footer and pages), double opt-in: the answer is always "check your inbox".
 *
 * ```
 * editing ─submit (valid)─▶ submitting ──202──▶ sent ─again─▶ editing (empty form)
 *   ▲  └─submit (invalid): errors shown        └─error─▶ editing (failure shown, values kept)
 * ```
 *
 * - Individuals (standartUser) give an address and an optional name; professionals also a company (required)
 *   and a position. Invalid input shows translated errors and sends nothing; a failed send keeps every value.
 * - Tags: `editing`, `submitting`, `sent`.
 */
export const newsletterSignupMachine = setup({
  types: {
    context: {} as NewsletterSignupContext,
    events: {} as NewsletterSignupEvent,
    input: {} as NewsletterSignupInput,
    emitted: {} as NewsletterSignupEmitted,
  },
  actors: {
    subscribe: injected<unknown, NewsletterSubscribeRequest>('newsletterSignup: provide subscribe'),
  },
  guards: {
    isValid: ({ context }) => Object.keys(validateSignup(context.kind, context.values)).length === 0,
  },
  actions: {
    setValue: assign(({ context, event }) => {
      assertEvent(event, 'signup.set');
      const values = { ...context.values, [event.field]: event.value };
      // Errors already shown follow the typing; none appear before the first submit.
      const errors = Object.keys(context.errors).length > 0 ? validateSignup(context.kind, values) : {};
      return { values, errors };
    }),
    setKind: assign(({ context, event }) => {
      assertEvent(event, 'signup.kind');
      const errors = Object.keys(context.errors).length > 0 ? validateSignup(event.kind, context.values) : {};
      return { kind: event.kind, errors };
    }),
    setLanguage: assign(({ event }) => {
      assertEvent(event, 'signup.language');
      return { language: event.language };
    }),
    showErrors: assign({ errors: ({ context }) => validateSignup(context.kind, context.values) }),
    forgetFailure: assign({ failure: null, errors: {} }),
    rememberAddress: assign({ sentTo: ({ context }) => context.values.email.trim() }),
    clear: assign({ values: EMPTY, errors: {}, failure: null }),
    emitSent: emit({ type: 'signup.sent' as const }),
    ...failureActions<NewsletterSignupContext, NewsletterSignupEvent, NewsletterSignupEmitted>('signup.failed'),
  },
}).createMachine({
  id: 'newsletterSignup',
  description: 'Signing up for the newsletter (double opt-in: a confirmation link goes to the address).',
  context: ({ input }) => ({ ...input, kind: 'standartUser', values: EMPTY, errors: {}, failure: null, sentTo: null }),
  on: { 'signup.language': { actions: 'setLanguage' } },
  initial: 'editing',
  states: {
    editing: {
      description: 'The form: address, individual or professional, optional name (company and position for professionals).',
      tags: ['editing'],
      on: {
        'signup.set': { actions: 'setValue' },
        'signup.kind': { actions: 'setKind' },
        'signup.submit': [{ guard: 'isValid', target: 'submitting', actions: 'forgetFailure' }, { actions: 'showErrors' }],
      },
    },
    submitting: {
      description: 'Sending the sign-up.',
      tags: ['submitting'],
      invoke: {
        id: 'subscribe',
        src: 'subscribe',
        input: ({ context }) => signupRequestOf(context),
        onDone: { target: 'sent', actions: ['rememberAddress', 'clear', 'emitSent'] },
        onError: { target: 'editing', actions: ['rememberFailure', 'emitFailed'] },
      },
    },
    sent: {
      description: 'Accepted: the person is asked to follow the link in the e-mail.',
      tags: ['sent'],
      on: { 'signup.again': { target: 'editing' } },
    },
  },
});

export type NewsletterSignupMachine = typeof newsletterSignupMachine;
