// The real effects of the capture machine: the address (through the app's router), local storage, the
// auth actor and PUT users/uid.
import { fromCallback, fromPromise, type AnyActorRef, type EventObject } from 'xstate';
import { api as defaultClient, call, type ApiClient } from '../../src/api/client';
import { STORAGE_KEYS } from '../../src/domain/constants';
import { bodyOf } from '../auth/actors';
import type { User } from '../auth/landing';
import type { CapturedQuery, CaptureEvent } from './campaignCaptureMachine';

/** The query parameters the capture takes. */
export const CAPTURED_PARAMETERS = ['id', 'email'] as const;

/** A campaign id as the contract accepts it (CampaignId: letters, digits, _ and -, up to 100). */
const CAMPAIGN_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** What `?id=…&email=…` carries; null when the address has neither (or only unusable values). */
export function readCapturedQuery(search: string): CapturedQuery | null {
  const params = new URLSearchParams(search);
  const id = params.get('id')?.trim() ?? '';
  const email = params.get('email')?.trim() ?? '';
  const campaignId = CAMPAIGN_ID.test(id) ? id : null;
  const address = email.length > 0 && email.length <= 254 && email.includes('@') ? email : null;
  if (!params.has('id') && !params.has('email')) return null;
  return { campaignId, email: address };
}

/** The search string without the captured parameters ('' when nothing is left). */
export function searchWithoutCaptured(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of CAPTURED_PARAMETERS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

export interface AddressLocation {
  pathname: string;
  search: string;
  hash: string;
}

/** The app's router, as much of it as the capture needs. */
export interface AddressPort {
  current(): AddressLocation;
  /** Calls the listener on every navigation; returns the unsubscribe. */
  subscribe(listener: (location: AddressLocation) => void): () => void;
  /** Replaces the current entry (no reload, no new history entry). */
  replace(location: AddressLocation): void;
}

/** The `watchQuery` actor: reports the parameters of the current address and of every later navigation. */
export function queryWatcher(address: AddressPort) {
  return fromCallback<EventObject>(({ sendBack }) => {
    const check = (location: AddressLocation) => {
      const found = readCapturedQuery(location.search);
      if (found) sendBack({ type: 'capture.found', ...found } satisfies CaptureEvent);
    };
    check(address.current());
    return address.subscribe(check);
  });
}

/** The injected actions: local storage and the address. */
export function captureActions(storage: Pick<Storage, 'setItem'> | undefined, address: AddressPort) {
  return {
    storeQuery: (_: unknown, params: CapturedQuery) => {
      try {
        if (params.campaignId) storage?.setItem(STORAGE_KEYS.campaignId, params.campaignId);
        if (params.email) {
          storage?.setItem(STORAGE_KEYS.formEmail, params.email);
          storage?.setItem(STORAGE_KEYS.originEmail, params.email);
        }
      } catch {
        // storage blocked: kept for this visit only
      }
    },
    stripQuery: () => {
      const location = address.current();
      const search = searchWithoutCaptured(location.search);
      if (search !== location.search) address.replace({ ...location, search });
    },
  };
}

/** localStorage campaignId, the machine's input (a hand-edited invalid value is ignored). */
export function readPendingCampaign(storage: Pick<Storage, 'getItem'> | undefined): string | null {
  try {
    const value = storage?.getItem(STORAGE_KEYS.campaignId) ?? null;
    return value && CAMPAIGN_ID.test(value) ? value : null;
  } catch {
    return null;
  }
}

interface AuthLike {
  getSnapshot(): { hasTag(tag: string): boolean; context: { user: User | null } };
  subscribe(listener: (snapshot: { hasTag(tag: string): boolean; context: { user: User | null } }) => void): { unsubscribe(): void };
}

/**
 * The `watchSession` actor: sends capture.signedIn whenever the auth actor (`system.get('auth')`)
 * becomes signed in, and at once when someone already is.
 */
export const sessionWatcher = fromCallback<EventObject>(({ sendBack, system }) => {
  const auth = system.get('auth') as (Omit<AnyActorRef, 'getSnapshot' | 'subscribe'> & AuthLike) | undefined;
  if (!auth) return () => {};
  let signedIn = false;
  const check = (snapshot: ReturnType<AuthLike['getSnapshot']>) => {
    const now = snapshot.hasTag('signedIn') && snapshot.context.user !== null;
    if (now && !signedIn) sendBack({ type: 'capture.signedIn', campaignId: snapshot.context.user!.campaignId } satisfies CaptureEvent);
    signedIn = now;
  };
  check(auth.getSnapshot());
  const subscription = auth.subscribe(check);
  return () => subscription.unsubscribe();
});

/** The `saveCampaign` actor: PUT users/uid. */
export function campaignSaver(client: ApiClient = defaultClient) {
  return fromPromise<User, { campaignId: string }>(async ({ input, signal }) =>
    bodyOf(await call(client.PUT('/users/uid', { body: { campaignId: input.campaignId }, signal }))),
  );
}
