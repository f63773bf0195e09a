import { assertEvent, assign, emit, setup } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { failureActions } from '../shared/failure';
import { injected } from '../shared/injected';

export type CorporateContactRequest = components['schemas']['CorporateContactRequest'];

export type ContactField = 'company' | 'name' | 'phone' | 'message';

export type ContactValues = Record<ContactField, string>;

/** Translation keys of what is wrong with each field (payments.contact.errors.*). */
export type ContactErrors = Partial<Record<ContactField, string>>;

export interface CorporateContactContext {
  values: ContactValues;
  /** Shown after a submit was tried: nothing the person typed is lost. */
  errors: ContactErrors;
  failure: CallFailure | null;
}

export type CorporateContactEvent = { type: 'contact.set'; field: ContactField; value: string } | { type: 'contact.submit' } | { type: 'contact.again' };

export type CorporateContactEmitted = { type: 'contact.sent' } | { type: 'contact.failed'; failure: CallFailure };

const LIMITS: Record<ContactField, number> = { company: 200, name: 120, phone: 30, message: 2000 };
const PHONE = /^[0-9+() .-]{6,30}$/;

/** The contract's limits (CorporateContactRequest) as translation keys; an empty result is a valid request. */
export function validateContact(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  for (const field of ['company', 'name', 'message'] as const) {
    const value = values[field].trim();
    if (value === '') errors[field] = 'payments.contact.errors.required';
    else if (value.length > LIMITS[field]) errors[field] = 'payments.contact.errors.too_long';
  }
  const phone = values.phone.trim();
  if (phone !== '' && !PHONE.test(phone)) errors.phone = 'payments.contact.errors.phone';
  return errors;
}

/** The request body: trimmed, the optional phone left out when empty. */
export function contactRequestOf(values: ContactValues): CorporateContactRequest {
  const phone = values.phone.trim();
  return { company: values.company.trim(), name: values.name.trim(), message: values.message.trim(), ...(phone ? { phone } : {}) };
}

/**
 * Asking for the corporate plan (custom pricing): a short form that reaches the administrators.
 *
 * ```
 * editing ─submit (valid)─▶ sending ──202──▶ sent ─again─▶ editing (empty form)
 *   ▲  └─submit (invalid): errors shown      └─error─▶ editing (failure shown, values kept)
 * ```
 *
 * - Invalid input shows translated errors per field and sends nothing; a failed send keeps every value.
 * - Tags: `editing`, `sending`, `sent`.
 */
export const corporateContactMachine = setup({
  types: {
    context: {} as CorporateContactContext,
    events: {} as CorporateContactEvent,
    emitted: {} as CorporateContactEmitted,
  },
  actors: {
    sendContact: injected<unknown, CorporateContactRequest>('corporateContact: provide sendContact'),
  },
  guards: {
    isValid: ({ context }) => Object.keys(validateContact(context.values)).length === 0,
  },
  actions: {
    setValue: assign(({ context, event }) => {
      assertEvent(event, 'contact.set');
      const values = { ...context.values, [event.field]: event.value };
      // Errors already shown follow the typing; none appear before the first submit.
      const errors = Object.keys(context.errors).length > 0 ? validateContact(values) : {};
      return { values, errors };
    }),
    showErrors: assign({ errors: ({ context }) => validateContact(context.values) }),
    forgetFailure: assign({ failure: null, errors: {} }),
    clear: assign({ values: { company: '', name: '', phone: '', message: '' }, errors: {}, failure: null }),
    emitSent: emit({ type: 'contact.sent' as const }),
    ...failureActions<CorporateContactContext, CorporateContactEvent, CorporateContactEmitted>('contact.failed'),
  },
}).createMachine({
  id: 'corporateContact',
  description: 'A request for the corporate plan (custom pricing), sent to the administrators.',
  context: { values: { company: '', name: '', phone: '', message: '' }, errors: {}, failure: null },
  initial: 'editing',
  states: {
    editing: {
      description: 'The form: company, name, optional phone, message.',
      tags: ['editing'],
      on: {
        'contact.set': { actions: 'setValue' },
        'contact.submit': [{ guard: 'isValid', target: 'sending', actions: 'forgetFailure' }, { actions: 'showErrors' }],
      },
    },
    sending: {
      description: 'Sending the request.',
      tags: ['sending'],
      invoke: {
        id: 'sendContact',
        src: 'sendContact',
        input: ({ context }) => contactRequestOf(context.values),
        onDone: { target: 'sent', actions: ['clear', 'emitSent'] },
        onError: { target: 'editing', actions: ['rememberFailure', 'emitFailed'] },
      },
    },
    sent: {
      description: 'Received: the administrators answer by e-mail.',
      tags: ['sent'],
      on: { 'contact.again': { target: 'editing' } },
    },
  },
});

export type CorporateContactMachine = typeof corporateContactMachine;
