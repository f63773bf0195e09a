// What flows read of a finished call: its data, or the CallFailure it ended with. Pure (types only from the
// client), so machines can use it without pulling in the HTTP client.
import type { CallFailure, CallResult } from './client';

/** The failure of a finished call; a success without a body is one too (no data for the flow). */
export function failureOfResult<T>(result: CallResult<T>): CallFailure {
  return result.ok ? { ok: false, status: result.status, value: null, reason: 'http', body: null, errorCode: null, request: result.request } : result;
}

/** The data of a call, or the CallFailure it ended with (thrown, for a promise actor's onError). */
export async function dataOf<T>(pending: Promise<CallResult<T>>): Promise<T> {
  const result = await pending;
  if (result.ok && result.data !== undefined && result.data !== null) return result.data;
  throw failureOfResult(result);
}

/** A failure the client did not produce (a thrown error, an abort) reads as having no answer from the server. */
export function failureOf(error: unknown): CallFailure {
  if (typeof error === 'object' && error !== null && (error as { ok?: unknown }).ok === false) return error as CallFailure;
  return { ok: false, status: 0, value: null, reason: 'network', body: null, errorCode: null, request: null };
}
