// One API answer as a screen renders it: a pure function of the resource machine's snapshot.
import type { SnapshotFrom } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import type { ResourceMachine } from './resourceMachine';

export type ResourceSnapshot = SnapshotFrom<ResourceMachine>;

/** `loading` until the first answer, then `ready` with it (kept while reloading), or `failed`. */
export type Resource<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; failure: CallFailure };

/** `T` is what the machine's provided `load` actor resolves with. */
export function resourceView<T>(snapshot: ResourceSnapshot): Resource<T> {
  const { data, failure } = snapshot.context;
  if (snapshot.hasTag('failed') && failure) return { status: 'failed', failure };
  if (snapshot.hasTag('ready') || (snapshot.hasTag('loading') && data !== null)) return { status: 'ready', data: data as T };
  return { status: 'loading' };
}

/** Two views render the same when their status and their answer (or failure) are the same objects. */
export function sameResource<T>(a: Resource<T>, b: Resource<T>): boolean {
  if (a.status !== b.status) return false;
  if (a.status === 'ready' && b.status === 'ready') return a.data === b.data;
  if (a.status === 'failed' && b.status === 'failed') return a.failure === b.failure;
  return true;
}
