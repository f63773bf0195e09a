// The error catalogue as a pure function: a finished call in, the message to show (if any) out.
// It neither toasts nor navigates; the app decides what to do with the outcome it returns.
import { TOAST_DEFAULT_MS, TOAST_STAYS } from '../domain/constants';

export type ToastStatus = 'success' | 'info' | 'warning' | 'error';

export interface ToastOutcome {
  kind: 'toast';
  status: ToastStatus;
  /** How long the toast shows; TOAST_STAYS (9999) means until the person closes it. */
  durationMs: number;
  /** Translation key of the title. */
  titleKey?: string;
  /** Translation key of the text. With `text` as well, `text` is its fallback (i18next defaultValue). */
  textKey?: string;
  /** Text from the server, shown as is when no translation applies. */
  text?: string;
  /** A list shown under the text (validation problems). */
  items?: string[];
  /** Where the app should go after showing the toast. */
  navigateTo?: string;
}

export type CatalogueOutcome = { kind: 'none' } | ToastOutcome;

export interface CatalogueRequest {
  method: string;
  /** The contract path (`/users/currentUser`) or the URL path (`/api/users/currentUser?refresh=true`). */
  path: string;
}

export const INSUFFICIENT_CREDITS_TOAST_MS = 8000;
export const PROBLEMS_TOAST_MS = 10_000;
export const INSUFFICIENT_CREDITS_PAGE = '/my-account';
export const INTERNAL_ERROR_TEXT = 'Internal server error';

/** Translation keys the catalogue refers to (all present in locales/*.json). */
export const CATALOGUE_KEYS = {
  insufficientCreditsTitle: 'errors.insufficient_credits.title',
  insufficientCreditsMessage: 'errors.insufficient_credits.message',
  problems: 'errors.problems',
  internal: 'errors.internal',
  tryAgain: 'errors.try_again',
} as const;

/** Prefix of the translations of server error codes; a code without one shows the server's text. */
export const ERROR_CODE_KEY_PREFIX = 'errors.codes.';

// Calls whose failure is an expected answer, not a problem: asking who is signed in, and looking up the
// form of an address that may have none.
const SILENT_GETS = ['/users/currentUser', '/forms/form-by-email'];

function isSilent(request: CatalogueRequest | null): boolean {
  if (!request || request.method.toUpperCase() !== 'GET') return false;
  const path = request.path.split(/[?#]/)[0].replace(/\/+$/, '');
  return SILENT_GETS.some((silent) => path === silent || path.endsWith(silent));
}

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>)[name] : undefined;
}

function nonEmptyText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

const tryAgain: ToastOutcome = { kind: 'toast', status: 'error', durationMs: TOAST_DEFAULT_MS, textKey: CATALOGUE_KEYS.tryAgain };

/**
 * In order: success in disguise → nothing; the silent lookups → nothing; 402 INSUFFICIENT_CREDITS
 * → warning and /my-account; an `error` list → the problems; 'Internal server error' → the technical
 * problems text; any other `error` → the message or the error text; no `error` field → try again.
 * `request` is null when the failed call is unknown (it never left the browser).
 */
export function errorCatalogue(request: CatalogueRequest | null, status: number, body: unknown): CatalogueOutcome {
  const error = field(body, 'error');
  if (status === 201 || (status >= 200 && status < 300) || error === 'Success') return { kind: 'none' };
  if (isSilent(request)) return { kind: 'none' };

  const errorCode = nonEmptyText(field(body, 'errorCode'));
  if (status === 402 && errorCode === 'INSUFFICIENT_CREDITS') {
    return {
      kind: 'toast',
      status: 'warning',
      durationMs: INSUFFICIENT_CREDITS_TOAST_MS,
      titleKey: CATALOGUE_KEYS.insufficientCreditsTitle,
      textKey: CATALOGUE_KEYS.insufficientCreditsMessage,
      navigateTo: INSUFFICIENT_CREDITS_PAGE,
    };
  }

  if (error === undefined || error === null) return tryAgain;

  if (Array.isArray(error)) {
    const items = error.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).filter((item) => item.trim() !== '');
    if (items.length === 0) return tryAgain;
    return { kind: 'toast', status: 'error', durationMs: PROBLEMS_TOAST_MS, textKey: CATALOGUE_KEYS.problems, items };
  }

  if (error === INTERNAL_ERROR_TEXT) {
    return { kind: 'toast', status: 'error', durationMs: TOAST_DEFAULT_MS, textKey: CATALOGUE_KEYS.internal };
  }

  const text = nonEmptyText(field(body, 'message')) ?? nonEmptyText(error);
  if (!text) return tryAgain;
  return {
    kind: 'toast',
    status: 'error',
    durationMs: TOAST_DEFAULT_MS,
    text,
    // A known code shows in the reader's language; an unknown one falls back to the server's text.
    ...(errorCode ? { textKey: `${ERROR_CODE_KEY_PREFIX}${errorCode}` } : {}),
  };
}

/** Milliseconds until the toast closes by itself, or null when it stays (duration 9999). */
export function toastLifetimeMs(durationMs: number): number | null {
  return durationMs === TOAST_STAYS ? null : durationMs;
}
