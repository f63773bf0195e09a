// The settings page's return from a re-authentication at an identity provider (machines/providerReauth),
// walked along its graph against the real actor with a fake for its one call: a proof posted (accepted or refused), a
// provider's refusal, anything else ignored; the fragment is cleared as soon as it is read.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  providerReauthMachine,
  providerReauthReturn,
  providerReauthStartUrl,
  type ProviderReauthEvent,
  type ProviderReauthMachine,
} from '../../machines/providerReauth/providerReauthMachine';
import { providerReauthView } from '../../machines/providerReauth/viewModel';
import { AuthFailure } from '../../machines/auth/failure';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

const PROOF = 'p'.repeat(43);
const REFUSED = new AuthFailure('REAUTH_PROOF_INVALID');

const serializeState = (s: MachineSnapshot<ProviderReauthMachine>) => JSON.stringify({ value: s.value, error: s.context.errorCode });

const graph = machineGraph({
  machine: providerReauthMachine,
  serializeState,
  events: eventsWithFixtures<ProviderReauthEvent>(
    {
      'providerReauth.arrived': [
        { type: 'providerReauth.arrived', fragment: `#reauth=${PROOF}` },
        { type: 'providerReauth.arrived', fragment: '#error=OIDC_REAUTH_NOT_LINKED' },
        { type: 'providerReauth.arrived', fragment: '#section=password' },
      ],
    },
    { outputs: { confirmProof: [undefined] }, errors: { confirmProof: [REFUSED] } },
  ),
});

interface World extends ActorWorld<ProviderReauthMachine> {
  pending: { proof: string; resolve(): void; reject(error: unknown): void } | null;
  /** What the gestures did: the fragment the page opened with, how often it was cleared, the call's refusal. */
  fragment: string | null;
  cleared: number;
  refusal: string | null;
}

function createWorld(): World {
  const world = { pending: null, fragment: null, cleared: 0, refusal: null } as Omit<World, 'actor'> as World;
  const machine = providerReauthMachine.provide({
    actors: {
      confirmProof: fromPromise<void, { providerProof: string }>(
        ({ input }) => new Promise<void>((resolve, reject) => (world.pending = { proof: input.providerProof, resolve, reject })),
      ),
    },
    actions: { clearFragment: () => void (world.cleared += 1) },
  });
  world.actor = createActor(machine);
  return world;
}

const driver = actorDriver<ProviderReauthMachine, World>({
  start: createWorld,
  executors: {
    'providerReauth.arrived': (world, event) => {
      world.fragment = event.fragment;
      send(world, event);
    },
    'providerReauth.dismiss': send,
  } satisfies EventExecutors<ProviderReauthEvent, World>,
  frameworkExecutors: {
    'xstate.done.actor.confirmProof': (world) => world.pending!.resolve(),
    'xstate.error.actor.confirmProof': (world, event) => {
      world.refusal = (event.error as AuthFailure).code;
      world.pending!.reject(event.error);
    },
  },
  serializeState,
});

const assertions = {
  idle: (world, snapshot) => {
    expect(providerReauthView(snapshot)).toEqual({ status: 'idle', errorKey: null });
    expect(snapshot.context.proof).toBeNull();
    // Only a provider's return is taken out of the address bar.
    if (world.fragment === '#section=password') expect(world.cleared).toBe(0);
  },
  confirming: (world, snapshot) => {
    expect(world.pending!.proof).toBe(PROOF);
    expect(world.cleared).toBe(1);
    expect(providerReauthView(snapshot).status).toBe('confirming');
    expect(snapshot.hasTag('busy')).toBe(true);
  },
  confirmed: (world, snapshot) => {
    expect(providerReauthView(snapshot)).toEqual({ status: 'confirmed', errorKey: null });
    expect(snapshot.context.proof).toBeNull();
    expect(world.cleared).toBe(1);
  },
  failed: (world, snapshot) => {
    const code = world.fragment?.startsWith('#error=') ? 'OIDC_REAUTH_NOT_LINKED' : world.refusal;
    expect(providerReauthView(snapshot)).toEqual({ status: 'failed', errorKey: `auth.${code}` });
    expect(snapshot.context.proof).toBeNull();
    expect(world.cleared).toBe(1);
  },
} satisfies StateAssertions<ProviderReauthMachine, World>;

describeMachinePaths('providerReauth paths', { graph, driver, assertions, generators: ['shortest', 'transitions'] });

describe('providerReauth helpers', () => {
  it("reads a provider's return from the fragment and nothing else", () => {
    expect(providerReauthReturn(`#reauth=${PROOF}`)).toEqual({ kind: 'proof', proof: PROOF });
    expect(providerReauthReturn('#error=OIDC_STATE_INVALID')).toEqual({ kind: 'error', code: 'OIDC_STATE_INVALID' });
    expect(providerReauthReturn('#reauth=short')).toBeNull();
    expect(providerReauthReturn('#error=<script>')).toBeNull();
    expect(providerReauthReturn('')).toBeNull();
  });

  it('starts at the provider with intent=reauth and the page path only', () => {
    expect(providerReauthStartUrl('keycloak', '/my-account/settings?x=1#y')).toBe(
      '/api/auth/oidc/keycloak/start?intent=reauth&redirect=%2Fmy-account%2Fsettings',
    );
    expect(providerReauthStartUrl('keycloak', '//evil.test')).toBe('/api/auth/oidc/keycloak/start?intent=reauth');
  });

  it('ignores a second arrival while confirming', async () => {
    const actor = createActor(
      providerReauthMachine.provide({ actors: { confirmProof: fromPromise<void, { providerProof: string }>(() => new Promise(() => {})) } }),
    ).start();
    actor.send({ type: 'providerReauth.arrived', fragment: `#reauth=${PROOF}` });
    actor.send({ type: 'providerReauth.arrived', fragment: '#error=OIDC_STATE_INVALID' });
    expect(actor.getSnapshot().value).toBe('confirming');
  });
});
