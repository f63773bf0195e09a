import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { failureCode } from '../auth/failure';
import { errorOf } from '../shared/failure';

/**
 * What a re-authentication at an identity provider brought back to the settings page in the URL fragment
 * (GET auth/oidc/{provider}/start?intent=reauth → the provider → `#reauth={proof}` or `#error={code}`); null when the
 * fragment is not one.
 */
export type ProviderReauthReturn = { kind: 'proof'; proof: string } | { kind: 'error'; code: string };

export function providerReauthReturn(fragment: string): ProviderReauthReturn | null {
  const params = new URLSearchParams(fragment.replace(/^#/, ''));
  const proof = params.get('reauth');
  if (proof && /^[A-Za-z0-9_-]{20,200}$/.test(proof)) return { kind: 'proof', proof };
  const code = params.get('error');
  if (code && /^[A-Z_]{3,40}$/.test(code)) return { kind: 'error', code };
  return null;
}

/**
 * Where the browser starts the re-authentication at `provider`: the API's start call with intent=reauth and the page
 * to come back to (its path only).
 */
export function providerReauthStartUrl(provider: string, returnPath: string): string {
  const path = returnPath.split(/[?#]/)[0];
  const back = path.startsWith('/') && !path.startsWith('//') ? `&redirect=${encodeURIComponent(path)}` : '';
  return `/api/auth/oidc/${encodeURIComponent(provider)}/start?intent=reauth${back}`;
}

export interface ProviderReauthContext {
  /** The proof being posted; null otherwise (never kept after). */
  proof: string | null;
  /** Code of the refusal (the provider's step or the proof), shown as auth.{code}; null when none. */
  errorCode: string | null;
}

export type ProviderReauthEvent =
  /** The page opened with this URL fragment (anything that is not a provider's return is ignored). */
  | { type: 'providerReauth.arrived'; fragment: string }
  /** The person closed the message. */
  | { type: 'providerReauth.dismiss' };

/**
 * An account without a password re-authenticates by a fresh sign-in at a linked provider. Back on the
 * settings page, this posts the proof the provider's return brought (POST auth/reauthenticate { providerProof }),
 * takes the fragment out of the address bar, and says the person may now make the change (within 5 minutes).
 *
 * ```
 *  idle ─providerReauth.arrived #reauth=─▶ confirming (POST auth/reauthenticate) ─ok─▶ confirmed
 *    │ providerReauth.arrived #error=                  │ refused (used, expired, another account's)
 *    └──────────────────────────────────────▶ failed ◀─┘
 *  confirmed, failed ─providerReauth.dismiss─▶ idle
 * ```
 * The fragment is cleared (`clearFragment`, injected by the page) as soon as it is read. Tags: `busy` (confirming).
 */
export const providerReauthMachine = setup({
  types: {
    context: {} as ProviderReauthContext,
    events: {} as ProviderReauthEvent,
  },
  actors: {
    /** POST auth/reauthenticate { providerProof }. Injected. */
    confirmProof: fromPromise<void, { providerProof: string }>(() => Promise.reject(new Error('inject the confirmProof actor with machine.provide()'))),
  },
  guards: {
    bringsProof: ({ event }) => event.type === 'providerReauth.arrived' && providerReauthReturn(event.fragment)?.kind === 'proof',
    bringsError: ({ event }) => event.type === 'providerReauth.arrived' && providerReauthReturn(event.fragment)?.kind === 'error',
  },
  actions: {
    /** Takes the proof (or the error) out of the address bar. Injected by the page (history.replaceState). */
    clearFragment: () => {},
    keepProof: assign(({ event }) => {
      assertEvent(event, 'providerReauth.arrived');
      const found = providerReauthReturn(event.fragment);
      return { proof: found?.kind === 'proof' ? found.proof : null, errorCode: null };
    }),
    recordReturnedError: assign(({ event }) => {
      assertEvent(event, 'providerReauth.arrived');
      const found = providerReauthReturn(event.fragment);
      return { proof: null, errorCode: found?.kind === 'error' ? found.code : null };
    }),
    recordFailure: assign(({ event }) => ({ proof: null, errorCode: failureCode(errorOf(event)) })),
    forgetProof: assign({ proof: null }),
    clear: assign({ proof: null, errorCode: null }),
  },
}).createMachine({
  id: 'providerReauth',
  description: "The settings page's return from a re-authentication at an identity provider: posts its proof, then says the change may be made.",
  context: { proof: null, errorCode: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'Nothing came back from a provider (or its message was closed).',
      on: {
        'providerReauth.arrived': [
          { guard: 'bringsProof', target: 'confirming', actions: ['keepProof', 'clearFragment'] },
          { guard: 'bringsError', target: 'failed', actions: ['recordReturnedError', 'clearFragment'] },
        ],
      },
    },
    confirming: {
      description: "Posting the provider's proof (POST auth/reauthenticate { providerProof }).",
      tags: ['busy'],
      invoke: {
        id: 'confirmProof',
        src: 'confirmProof',
        input: ({ context }) => ({ providerProof: context.proof ?? '' }),
        onDone: { target: 'confirmed', actions: 'forgetProof' },
        onError: { target: 'failed', actions: 'recordFailure' },
      },
    },
    confirmed: {
      description: 'The session may make security changes for 5 minutes: the page says so.',
      on: { 'providerReauth.dismiss': { target: 'idle', actions: 'clear' } },
    },
    failed: {
      description: 'The provider or the proof was refused: the page shows auth.{code}.',
      on: { 'providerReauth.dismiss': { target: 'idle', actions: 'clear' } },
    },
  },
});

export type ProviderReauthMachine = typeof providerReauthMachine;
