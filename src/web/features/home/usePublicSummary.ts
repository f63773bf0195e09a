// The live figures of the home page: GET /public-summary through the typed client, from the server's
// database. Public, so it goes without a token (an expired one would turn it into a 401).
import { api, call, skipAuth } from '../../../api/client';
import type { components } from '../../../api/schema';
import { useApiResource, type Resource } from '../../app/useApiResource';

export type PublicSummary = components['schemas']['PublicSummary'];

export function usePublicSummary(): Resource<PublicSummary> {
  return useApiResource((signal) => call(api.GET('/public-summary', { signal, headers: skipAuth })), []);
}
