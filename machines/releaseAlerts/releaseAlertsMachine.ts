import { assertEvent, assign, emit, setup } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { failureOf } from '../../src/api/callFailure';
import { isReleaseAlertThreshold } from '../../src/domain/releaseAlerts';
import { errorOf } from '../shared/failure';
import { injected } from '../shared/injected';

export type ReleaseAlerts = components['schemas']['ReleaseAlerts'];
export type ReleaseAlertsInput = components['schemas']['ReleaseAlertsInput'];
export type RequiredPlan = NonNullable<ReleaseAlerts['requiredPlan']>;

export interface ReleaseAlertsContext {
  /** What the server keeps (null until loaded). */
  saved: ReleaseAlerts | null;
  /** What the form shows: the switch and the threshold as typed (NaN when the field holds no number). */
  draft: { enabled: boolean; thresholdPercent: number };
  /** The cheapest plan that includes the alerts, when the member's plan does not. */
  requiredPlan: RequiredPlan | null;
  failure: CallFailure | null;
}

export type ReleaseAlertsEvent =
  | { type: 'releaseAlerts.toggle'; enabled: boolean }
  | { type: 'releaseAlerts.setThreshold'; thresholdPercent: number }
  | { type: 'releaseAlerts.save' }
  | { type: 'releaseAlerts.retry' };

export type ReleaseAlertsEmitted = { type: 'releaseAlerts.saved'; settings: ReleaseAlerts };

/** The answer that says the member's plan does not include the alerts. */
const isPremiumRequiredFailure = (failure: CallFailure) => failure.status === 403 && failure.errorCode === 'PREMIUM_REQUIRED';

function requiredPlanOf(failure: CallFailure): RequiredPlan {
  const plan = (failure.body as { requiredPlan?: unknown } | null)?.requiredPlan;
  return typeof plan === 'string' ? (plan as RequiredPlan) : 'premium';
}

/** Editing the switch or the threshold: allowed wherever the form shows. */
const editing = {
  'releaseAlerts.toggle': { target: '#releaseAlerts.ready', actions: 'setEnabled' },
  'releaseAlerts.setThreshold': { target: '#releaseAlerts.ready', actions: 'setThreshold' },
} as const;

/** Saving what the form shows, unless the threshold is out of range (said at once, nothing sent). */
const saving = [{ guard: 'thresholdInvalid', target: '#releaseAlerts.invalid' }, { target: '#releaseAlerts.saving' }] as const;

/**
 * The release alerts section of the settings page (docs/statistics-and-privacy.md "Release alerts"): the member turns
 * the e-mails after each statistics release on or off and chooses the threshold (the move of the group's median in
 * real terms, 1–20 %); falling below the group's p25 always counts.
 *
 * ```
 * loading ──ok──▶ ready ⇄ (toggle, threshold) ──save──▶ saving ──ok──▶ saved
 *   │  └─error─▶ loadFailed ─retry─▶ loading     │  └─out of range─▶ invalid     ├─400─▶ invalid
 *   └─not in the plan─▶ premiumRequired ◀────────┼───────────────── 403 PREMIUM_REQUIRED
 *                                                └─other error─▶ failed ─save/retry─▶ saving
 * ```
 *
 * - `premiumRequired`: the member's plan does not include the alerts (the GET says so, or a save is refused with
 *   403 PREMIUM_REQUIRED): the view offers the premium modal for `requiredPlan` instead of the switch.
 * - A threshold that is not a whole number from 1 to 20 is refused before anything is sent (`invalid`); the
 *   server's 400 lands there too. Editing goes back to `ready`.
 * - Tags: `loading`, `editing` (the form shows), `saving`, `saved`, `invalid`, `failed`, `loadFailed`, `premium`.
 */
export const releaseAlertsMachine = setup({
  types: {
    context: {} as ReleaseAlertsContext,
    events: {} as ReleaseAlertsEvent,
    emitted: {} as ReleaseAlertsEmitted,
  },
  actors: {
    load: injected<ReleaseAlerts>('releaseAlerts: provide load'),
    save: injected<ReleaseAlerts, ReleaseAlertsInput>('releaseAlerts: provide save'),
  },
  guards: {
    notInPlan: (_, params: { settings: ReleaseAlerts }) => !params.settings.available,
    thresholdInvalid: ({ context }) => !isReleaseAlertThreshold(context.draft.thresholdPercent),
    isPremiumRequired: ({ event }) => isPremiumRequiredFailure(failureOf(errorOf(event))),
    isBadInput: ({ event }) => failureOf(errorOf(event)).status === 400,
  },
  actions: {
    keepSettings: assign((_, params: { settings: ReleaseAlerts }) => ({
      saved: params.settings,
      draft: { enabled: params.settings.enabled, thresholdPercent: params.settings.thresholdPercent },
      requiredPlan: params.settings.requiredPlan ?? null,
      failure: null,
    })),
    setEnabled: assign(({ context, event }) => {
      assertEvent(event, 'releaseAlerts.toggle');
      return { draft: { ...context.draft, enabled: event.enabled } };
    }),
    setThreshold: assign(({ context, event }) => {
      assertEvent(event, 'releaseAlerts.setThreshold');
      return { draft: { ...context.draft, thresholdPercent: event.thresholdPercent } };
    }),
    rememberFailure: assign(({ event }) => ({ failure: failureOf(errorOf(event)) })),
    rememberRequiredPlan: assign(({ event }) => ({ requiredPlan: requiredPlanOf(failureOf(errorOf(event))) })),
    emitSaved: emit((_, params: { settings: ReleaseAlerts }) => ({ type: 'releaseAlerts.saved' as const, settings: params.settings })),
  },
}).createMachine({
  id: 'releaseAlerts',
  description: "The member's release alerts in the settings: on or off, and the threshold.",
  context: { saved: null, draft: { enabled: false, thresholdPercent: 3 }, requiredPlan: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading the saved settings and whether the plan includes the alerts.',
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: [
          {
            guard: { type: 'notInPlan', params: ({ event }) => ({ settings: event.output }) },
            target: 'premiumRequired',
            actions: { type: 'keepSettings', params: ({ event }) => ({ settings: event.output }) },
          },
          { target: 'ready', actions: { type: 'keepSettings', params: ({ event }) => ({ settings: event.output }) } },
        ],
        onError: { target: 'loadFailed', actions: 'rememberFailure' },
      },
    },
    loadFailed: {
      description: 'The settings could not be read: the same call can be tried again.',
      tags: ['loadFailed'],
      on: { 'releaseAlerts.retry': { target: 'loading' } },
    },
    premiumRequired: {
      description: "The member's plan does not include release alerts: the premium modal is offered instead of the switch.",
      tags: ['premium'],
    },
    ready: {
      description: 'The form: the switch and the threshold, as saved or as edited.',
      tags: ['editing'],
      on: { ...editing, 'releaseAlerts.save': saving },
    },
    invalid: {
      description: 'The threshold is not a whole number from 1 to 20 (checked here, or refused by the server): said plainly, nothing saved.',
      tags: ['editing', 'invalid'],
      on: editing,
    },
    saving: {
      description: 'Saving the switch and the threshold.',
      tags: ['editing', 'saving'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ enabled: context.draft.enabled, thresholdPercent: context.draft.thresholdPercent }),
        onDone: {
          target: 'saved',
          actions: [
            { type: 'keepSettings', params: ({ event }) => ({ settings: event.output }) },
            { type: 'emitSaved', params: ({ event }) => ({ settings: event.output }) },
          ],
        },
        onError: [
          { guard: 'isPremiumRequired', target: 'premiumRequired', actions: ['rememberFailure', 'rememberRequiredPlan'] },
          { guard: 'isBadInput', target: 'invalid', actions: 'rememberFailure' },
          { target: 'failed', actions: 'rememberFailure' },
        ],
      },
    },
    saved: {
      description: 'Saved: the form shows what the server keeps.',
      tags: ['editing', 'saved'],
      on: { ...editing, 'releaseAlerts.save': saving },
    },
    failed: {
      description: 'The save got no answer or a server error: saving again is offered.',
      tags: ['editing', 'failed'],
      on: { ...editing, 'releaseAlerts.save': saving, 'releaseAlerts.retry': saving },
    },
  },
});

export type ReleaseAlertsMachine = typeof releaseAlertsMachine;
