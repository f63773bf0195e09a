import { assign, emit, setup } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import type { Language } from '../../src/domain/constants';
import type { PaidPlan } from '../../src/domain/entitlements';
import { failureOf } from '../../src/api/callFailure';
import { errorOf, failureActions } from '../shared/failure';
import { injected } from '../shared/injected';

/** The brief as it arrived: the PDF and the name the server offers it under. */
export interface BriefFile {
  pdf: Blob;
  fileName: string;
}

export interface BriefRequest {
  language: Language;
}

export interface NegotiationBriefContext {
  /** The language of the brief asked for last. */
  language: Language;
  /** The brief that arrived, until it is saved. */
  file: BriefFile | null;
  /** The plan a refusal named (403 PREMIUM_REQUIRED, `requiredPlan`); null otherwise. */
  requiredPlan: PaidPlan | null;
  failure: CallFailure | null;
}

/** Download the brief in the language the reader reads the page in. */
export type NegotiationBriefEvent = { type: 'brief.download'; language: Language };

/** What the page hears: the file was saved; a failure for the error catalogue; the plan to offer in the premium modal. */
export type NegotiationBriefEmitted =
  { type: 'brief.saved' } | { type: 'brief.failed'; failure: CallFailure } | { type: 'brief.premiumRequired'; plan: PaidPlan };

const PAID_PLANS: readonly string[] = ['basic', 'advanced', 'premium'] satisfies PaidPlan[];

/** The plan a 403 PREMIUM_REQUIRED names (the contract's Error `requiredPlan`); premium when it names none. */
export function requiredPlanOf(error: unknown): PaidPlan {
  const body = failureOf(error).body as { requiredPlan?: unknown } | null;
  const plan = body?.requiredPlan;
  return typeof plan === 'string' && PAID_PLANS.includes(plan) ? (plan as PaidPlan) : 'premium';
}

/** A click: the brief in the language of the page, asked for afresh. */
const download = {
  target: 'downloading',
  actions: { type: 'startDownload', params: ({ event }: { event: NegotiationBriefEvent }) => ({ language: event.language }) },
} as const;

/**
 * The negotiation brief's download (docs/statistics-and-privacy.md "The negotiation brief"): one click on the
 * personalised comparison asks the server for the PDF in the reader's language, then saves it as a file.
 *
 * ```
 * idle ──brief.download──▶ downloading ──PDF──▶ saving ──saved──▶ done        (emits brief.saved)
 *                              ├──403 PREMIUM_REQUIRED──▶ premiumRequired       (emits brief.premiumRequired with the plan)
 *                              └──other failure─────────▶ failed                (emits brief.failed)
 * done, failed, premiumRequired ──brief.download──▶ downloading
 * ```
 *
 * Tags for the view: `idle`, `busy`, `done`, `failed`, `premiumRequired`.
 */
export const negotiationBriefMachine = setup({
  types: {
    context: {} as NegotiationBriefContext,
    events: {} as NegotiationBriefEvent,
    emitted: {} as NegotiationBriefEmitted,
  },
  actors: {
    downloadBrief: injected<BriefFile, BriefRequest>('negotiationBrief: provide downloadBrief'),
    saveBrief: injected<void, BriefFile>('negotiationBrief: provide saveBrief'),
  },
  guards: {
    isPremiumRequired: ({ event }) => failureOf(errorOf(event)).errorCode === 'PREMIUM_REQUIRED',
  },
  actions: {
    startDownload: assign((_, params: { language: Language }) => ({ language: params.language, file: null, requiredPlan: null, failure: null })),
    keepFile: assign((_, params: { file: BriefFile }) => ({ file: params.file })),
    forgetFile: assign({ file: null }),
    rememberPlan: assign(({ event }) => ({ requiredPlan: requiredPlanOf(errorOf(event)), failure: failureOf(errorOf(event)) })),
    emitPremiumRequired: emit(({ context }) => ({ type: 'brief.premiumRequired' as const, plan: context.requiredPlan ?? 'premium' })),
    emitSaved: emit({ type: 'brief.saved' as const }),
    ...failureActions<NegotiationBriefContext, NegotiationBriefEvent, NegotiationBriefEmitted>('brief.failed'),
  },
}).createMachine({
  id: 'negotiationBrief',
  description: 'Downloads the caller’s negotiation brief (a PDF) and saves it as a file.',
  context: { language: 'es', file: null, requiredPlan: null, failure: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'The button waits for a click.',
      tags: ['idle'],
      on: { 'brief.download': download },
    },
    downloading: {
      description: 'Asking the server for the brief in the reader’s language.',
      tags: ['busy'],
      invoke: {
        id: 'downloadBrief',
        src: 'downloadBrief',
        input: ({ context }) => ({ language: context.language }),
        onDone: { target: 'saving', actions: { type: 'keepFile', params: ({ event }) => ({ file: event.output }) } },
        onError: [
          { guard: 'isPremiumRequired', target: 'premiumRequired', actions: ['rememberPlan', 'emitPremiumRequired'] },
          { target: 'failed', actions: ['rememberFailure', 'emitFailed'] },
        ],
      },
    },
    saving: {
      description: 'Handing the PDF to the browser as a file.',
      tags: ['busy'],
      invoke: {
        id: 'saveBrief',
        src: 'saveBrief',
        input: ({ context }) => context.file!,
        onDone: { target: 'done', actions: ['forgetFile', 'emitSaved'] },
        onError: { target: 'failed', actions: ['forgetFile', 'rememberFailure', 'emitFailed'] },
      },
    },
    done: {
      description: 'The file was saved; it may be downloaded again.',
      tags: ['done'],
      on: { 'brief.download': download },
    },
    failed: {
      description: 'The brief did not arrive (or could not be saved); it may be asked again.',
      tags: ['failed'],
      on: { 'brief.download': download },
    },
    premiumRequired: {
      description: 'The caller’s plan does not include the brief: the page offers the plan that does.',
      tags: ['premiumRequired'],
      on: { 'brief.download': download },
    },
  },
});

export type NegotiationBriefMachine = typeof negotiationBriefMachine;
