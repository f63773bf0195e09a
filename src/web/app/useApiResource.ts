// Loads one answer of the API for a view: loading → ready | failed, cancelled when the view goes away
// (or its inputs change) so a late answer never lands in a page the person already left.
import { useEffect, useState, type DependencyList } from 'react';
import type { CallFailure, CallResult } from '../../api/client';

export type Resource<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; failure: CallFailure };

export function useApiResource<T>(
  load: (signal: AbortSignal) => Promise<CallResult<T>>,
  deps: DependencyList,
  onFailure?: (failure: CallFailure) => void,
): Resource<T> {
  const [resource, setResource] = useState<Resource<T>>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setResource({ status: 'loading' });
    void load(controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      if (result.ok && result.data !== undefined) {
        setResource({ status: 'ready', data: result.data });
        return;
      }
      // A success without a body is no answer for a view that needs data.
      const failure: CallFailure = result.ok
        ? { ok: false, status: result.status, value: null, reason: 'http', body: null, errorCode: null, request: result.request }
        : result;
      if (failure.reason === 'aborted') return;
      setResource({ status: 'failed', failure });
      onFailure?.(failure);
    });
    return () => controller.abort();
  }, deps); // the caller lists what `load` depends on

  return resource;
}
