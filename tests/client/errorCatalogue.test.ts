// Every branch of the error catalogue.
import { describe, expect, it } from 'vitest';
import {
  CATALOGUE_KEYS,
  errorCatalogue,
  INSUFFICIENT_CREDITS_PAGE,
  INSUFFICIENT_CREDITS_TOAST_MS,
  PROBLEMS_TOAST_MS,
  toastLifetimeMs,
} from '../../src/api/errorCatalogue';
import { TOAST_DEFAULT_MS, TOAST_STAYS } from '../../src/domain/constants';
import es from '../../locales/es.json';

const post = { method: 'POST', path: '/forms/comparation' };
const get = (path: string) => ({ method: 'GET', path });

describe('success passes on with no message', () => {
  it('status 201', () => {
    expect(errorCatalogue(post, 201, { _id: 'x' })).toEqual({ kind: 'none' });
  });

  it("error text 'Success', whatever the status", () => {
    expect(errorCatalogue(post, 400, { error: 'Success' })).toEqual({ kind: 'none' });
    expect(errorCatalogue(post, 500, { error: 'Success', errorCode: 'X' })).toEqual({ kind: 'none' });
  });

  it('any other 2xx', () => {
    expect(errorCatalogue(post, 200, {})).toEqual({ kind: 'none' });
    expect(errorCatalogue(post, 204, null)).toEqual({ kind: 'none' });
  });
});

describe('402 INSUFFICIENT_CREDITS', () => {
  it('warns for 8 s with the insufficient-credits title and message, then goes to /my-account', () => {
    expect(errorCatalogue(post, 402, { error: 'Not enough credits', errorCode: 'INSUFFICIENT_CREDITS' })).toEqual({
      kind: 'toast',
      status: 'warning',
      durationMs: 8000,
      titleKey: 'errors.insufficient_credits.title',
      textKey: 'errors.insufficient_credits.message',
      navigateTo: '/my-account',
    });
    expect(INSUFFICIENT_CREDITS_TOAST_MS).toBe(8000);
    expect(INSUFFICIENT_CREDITS_PAGE).toBe('/my-account');
  });

  it('needs both the status and the code', () => {
    expect(errorCatalogue(post, 403, { error: 'No', errorCode: 'INSUFFICIENT_CREDITS' })).toMatchObject({ status: 'error', text: 'No' });
    expect(errorCatalogue(post, 402, { error: 'Payment required', errorCode: 'OTHER' })).toMatchObject({ status: 'error', text: 'Payment required' });
  });

  it('an empty 402 body is no error field: generic try-again', () => {
    expect(errorCatalogue(post, 402, null)).toEqual({ kind: 'toast', status: 'error', durationMs: TOAST_DEFAULT_MS, textKey: 'errors.try_again' });
    expect(errorCatalogue(post, 402, '')).toEqual({ kind: 'toast', status: 'error', durationMs: TOAST_DEFAULT_MS, textKey: 'errors.try_again' });
  });
});

describe('an error field', () => {
  it('that is a list: an error toast for 10 s listing the items after the problems lead', () => {
    const body = { error: ['fixedSalary must be at least 80000', 'email is required'], errorCode: 'VALIDATION_ERROR', message: 'Invalid body' };
    expect(errorCatalogue(post, 400, body)).toEqual({
      kind: 'toast',
      status: 'error',
      durationMs: 10_000,
      textKey: 'errors.problems',
      items: ['fixedSalary must be at least 80000', 'email is required'],
    });
    expect(PROBLEMS_TOAST_MS).toBe(10_000);
  });

  it('that is an empty list: generic try-again (there is nothing to list)', () => {
    expect(errorCatalogue(post, 400, { error: [] })).toMatchObject({ textKey: 'errors.try_again', durationMs: TOAST_DEFAULT_MS });
  });

  it("'Internal server error': the technical-problems text", () => {
    expect(errorCatalogue(post, 500, { error: 'Internal server error', errorCode: 'INTERNAL' })).toEqual({
      kind: 'toast',
      status: 'error',
      durationMs: TOAST_DEFAULT_MS,
      textKey: 'errors.internal',
    });
    expect(es.errors.internal).toBe('Problemas técnicos. Inténtelo de nuevo más tarde.');
  });

  it('otherwise: the message when there is one', () => {
    expect(errorCatalogue(post, 409, { error: 'Conflict', errorCode: 'EMAIL_TAKEN', message: 'This e-mail is already registered' })).toEqual({
      kind: 'toast',
      status: 'error',
      durationMs: TOAST_DEFAULT_MS,
      text: 'This e-mail is already registered',
      textKey: 'errors.codes.EMAIL_TAKEN',
    });
  });

  it('otherwise: the error text when there is no message', () => {
    expect(errorCatalogue(post, 404, { error: 'Not found' })).toEqual({
      kind: 'toast',
      status: 'error',
      durationMs: TOAST_DEFAULT_MS,
      text: 'Not found',
    });
    expect(errorCatalogue(post, 404, { error: 'Not found', message: '  ' })).toMatchObject({ text: 'Not found' });
  });

  it('that is empty or not text, without a message: generic try-again', () => {
    expect(errorCatalogue(post, 400, { error: '' })).toMatchObject({ textKey: 'errors.try_again' });
    expect(errorCatalogue(post, 400, { error: { nested: true } })).toMatchObject({ textKey: 'errors.try_again' });
  });
});

describe('no error field', () => {
  it('shows the generic try-again toast for 3 s', () => {
    const tryAgain = { kind: 'toast', status: 'error', durationMs: TOAST_DEFAULT_MS, textKey: CATALOGUE_KEYS.tryAgain };
    expect(errorCatalogue(post, 500, { message: 'only a message' })).toEqual(tryAgain);
    expect(errorCatalogue(post, 502, 'Bad gateway')).toEqual(tryAgain);
    expect(errorCatalogue(post, 0, null)).toEqual(tryAgain);
    expect(errorCatalogue(null, 0, null)).toEqual(tryAgain);
    expect(errorCatalogue(post, 400, ['a list body'])).toEqual(tryAgain);
  });
});

describe('silent calls', () => {
  it('GET current user stays silent, whatever the failure', () => {
    expect(errorCatalogue(get('/users/currentUser'), 401, { error: 'Authentication required', errorCode: 'UNAUTHENTICATED' })).toEqual({ kind: 'none' });
    expect(errorCatalogue(get('/users/currentUser'), 500, null)).toEqual({ kind: 'none' });
    expect(errorCatalogue(get('/users/currentUser'), 0, null)).toEqual({ kind: 'none' });
  });

  it('GET form-by-email stays silent', () => {
    expect(errorCatalogue(get('/forms/form-by-email'), 404, { error: 'Not found', errorCode: 'NOT_FOUND' })).toEqual({ kind: 'none' });
  });

  it('recognises URL paths with the API base, a query or a trailing slash, in any method case', () => {
    expect(errorCatalogue(get('/api/users/currentUser?refresh=true'), 401, null)).toEqual({ kind: 'none' });
    expect(errorCatalogue(get('/api/forms/form-by-email/?email=a%40b.es'), 404, null)).toEqual({ kind: 'none' });
    expect(errorCatalogue({ method: 'get', path: '/users/currentUser' }, 401, null)).toEqual({ kind: 'none' });
  });

  it('only the GET calls, and only those two paths', () => {
    expect(errorCatalogue({ method: 'DELETE', path: '/users/currentUser' }, 500, null)).toMatchObject({ kind: 'toast' });
    expect(errorCatalogue(get('/users/currentUser/export'), 500, null)).toMatchObject({ kind: 'toast' });
    expect(errorCatalogue(get('/forms/last'), 404, { error: 'Not found' })).toMatchObject({ kind: 'toast' });
  });
});

describe('toast lifetime', () => {
  it('a toast lasts its duration (3 s by default); 9999 stays until closed', () => {
    expect(TOAST_DEFAULT_MS).toBe(3000);
    expect(toastLifetimeMs(TOAST_DEFAULT_MS)).toBe(3000);
    expect(toastLifetimeMs(8000)).toBe(8000);
    expect(TOAST_STAYS).toBe(9999);
    expect(toastLifetimeMs(TOAST_STAYS)).toBeNull();
  });
});

describe('translation keys', () => {
  it('every key the catalogue names exists in the locale files', () => {
    const lookup = (key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], es);
    for (const key of Object.values(CATALOGUE_KEYS)) expect(typeof lookup(key), key).toBe('string');
  });
});
