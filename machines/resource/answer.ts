// The body of a successful call, or the call's failure thrown: what a read actor resolves or rejects with.
import type { CallFailure, CallResult } from '../../src/api/client';

export function answerOf<T>(result: CallResult<T>): T {
  if (result.ok && result.data !== undefined) return result.data;
  // A success without a body is no answer for a screen that needs data.
  throw (
    result.ok ? { ok: false, status: result.status, value: null, reason: 'http', body: null, errorCode: null, request: result.request } : result
  ) satisfies CallFailure;
}
