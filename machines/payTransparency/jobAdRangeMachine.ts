import { and, assertEvent, assign, emit, not, setup } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { failureOf } from '../../src/api/callFailure';
import { COMPANY_SIZES, COUNTRY_CITIES, FUNCTIONAL_AREAS, POSITION_LEVELS, SECTORS, countryOfCity } from '../../src/domain/questionnaire';
import { isInsufficientCredits } from '../personalViews/calls';
import { errorOf, failureActions } from '../shared/failure';
import { injected } from '../shared/injected';
import { outputOf } from '../shared/load';

export type JobAdRangeRequest = components['schemas']['JobAdRangeRequest'];
export type JobAdRangeResult = components['schemas']['JobAdRangeResult'];
export type JobAdRange = components['schemas']['JobAdRange'];
export type JobAdBasis = components['schemas']['JobAdBasis'];

/** The role's fields, as the questionnaire names them (the selects of the comparison's filters). */
export const JOB_AD_ROLE_FIELDS = ['positionLevel', 'functionalArea', 'sector', 'country', 'city', 'companySize'] as const;
export type JobAdRoleField = (typeof JOB_AD_ROLE_FIELDS)[number];
/** The fields a request needs (the city and the company size are optional). */
export const JOB_AD_REQUIRED_FIELDS: readonly JobAdRoleField[] = ['positionLevel', 'functionalArea', 'sector', 'country'];
export const JOB_AD_BASES: readonly JobAdBasis[] = ['fixed', 'fixed-bonus'];
/** The policy's bounds (the contract's JobAdPolicy). */
export const POLICY_MIN = 10;
export const POLICY_MAX = 90;
/** The company's own title, at most this long (the contract's). */
export const TITLE_MAX = 120;
/** The quick presets of the policy. */
export const POLICY_PRESETS = [
  { from: 25, to: 75 },
  { from: 40, to: 60 },
] as const;

/** The form as typed: '' is a field not chosen; the policy's percentiles as typed. */
export interface JobAdDraft {
  positionLevel: string;
  functionalArea: string;
  sector: string;
  country: string;
  city: string;
  companySize: string;
  title: string;
  from: string;
  to: string;
  basis: JobAdBasis;
}

export type JobAdDraftField = keyof JobAdDraft;

/** What is wrong with a field, a key of pay_transparency.job_ads.errors. */
export type JobAdProblem = 'required' | 'not_listed' | 'city_country' | 'title_long' | 'percentile' | 'order';
export type JobAdProblems = Partial<Record<JobAdDraftField, JobAdProblem>>;

export const EMPTY_DRAFT: JobAdDraft = {
  positionLevel: '',
  functionalArea: '',
  sector: '',
  country: '',
  city: '',
  companySize: '',
  title: '',
  from: '25',
  to: '75',
  basis: 'fixed',
};

const OPTIONS: Record<JobAdRoleField, readonly string[]> = {
  positionLevel: POSITION_LEVELS,
  functionalArea: FUNCTIONAL_AREAS,
  sector: SECTORS,
  country: Object.keys(COUNTRY_CITIES),
  city: Object.values(COUNTRY_CITIES).flat(),
  companySize: COMPANY_SIZES,
};

/** A percentile as typed: a whole number from 10 to 90, or null. */
function percentileOf(text: string): number | null {
  if (!/^\d{1,2}$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value >= POLICY_MIN && value <= POLICY_MAX ? value : null;
}

/** The server's checks of a request (services/jobAdRanges.ts and the contract), field by field: none when it may go. */
export function checkJobAdDraft(draft: JobAdDraft): JobAdProblems {
  const problems: JobAdProblems = {};
  for (const field of JOB_AD_ROLE_FIELDS) {
    const value = draft[field];
    if (value === '') {
      if (JOB_AD_REQUIRED_FIELDS.includes(field)) problems[field] = 'required';
    } else if (!OPTIONS[field].includes(value)) problems[field] = 'not_listed';
  }
  if (draft.city !== '' && !problems.city && draft.country !== '' && countryOfCity(draft.city) !== draft.country) problems.city = 'city_country';
  if (draft.title.trim().length > TITLE_MAX) problems.title = 'title_long';
  const from = percentileOf(draft.from);
  const to = percentileOf(draft.to);
  if (from === null) problems.from = 'percentile';
  if (to === null) problems.to = 'percentile';
  if (from !== null && to !== null && !(from < to)) problems.to = 'order';
  if (!JOB_AD_BASES.includes(draft.basis)) problems.basis = 'not_listed';
  return problems;
}

/** A draft read back from storage: the known fields of the right type, the rest as a new form has them. */
export function restoreDraft(stored: unknown): JobAdDraft {
  const value = (stored ?? {}) as Record<string, unknown>;
  const draft = { ...EMPTY_DRAFT };
  for (const field of Object.keys(EMPTY_DRAFT) as JobAdDraftField[]) {
    const text = value[field];
    if (typeof text === 'string') (draft as Record<string, string>)[field] = text;
  }
  if (!JOB_AD_BASES.includes(draft.basis)) draft.basis = EMPTY_DRAFT.basis;
  return draft;
}

/** The request of a valid draft (the optional fields only when chosen; the title trimmed). */
export function requestOf(draft: JobAdDraft, idempotencyKey: string): JobAdRangeRequest {
  const role = {
    positionLevel: draft.positionLevel,
    functionalArea: draft.functionalArea,
    sector: draft.sector,
    country: draft.country,
  } as JobAdRangeRequest['role'];
  if (draft.city !== '') role.city = draft.city;
  if (draft.companySize !== '') role.companySize = draft.companySize;
  const title = draft.title.trim();
  return {
    role,
    policy: { from: Number(draft.from), to: Number(draft.to) },
    basis: draft.basis,
    ...(title ? { title } : {}),
    idempotencyKey,
  };
}

export interface JobAdRangeInput {
  /**
   * Prefix of the idempotency keys of this page's requests (8+ letters, digits or dashes): the n-th request sends
   * `${keyPrefix}-${n}`, and a retry sends the same key again, so an answer that was lost is never charged twice.
   */
  keyPrefix: string;
  /** Credits a request may spend; null when credits do not apply (the corporate plan). */
  credits: number | null;
  /** The draft kept in this browser from an earlier visit, if any. */
  draft?: JobAdDraft | null;
}

export interface JobAdRangeContext {
  draft: JobAdDraft;
  /** What is wrong with the draft, after a request was asked of an invalid one (cleared field by field as it changes). */
  problems: JobAdProblems;
  /** The last answer. */
  result: JobAdRangeResult | null;
  credits: number | null;
  keyPrefix: string;
  /** Requests started; the idempotency key of the current one ends with it. */
  requestNumber: number;
  failure: CallFailure | null;
}

export type JobAdRangeEvent =
  | { type: 'jobAd.set'; field: JobAdDraftField; value: string }
  | { type: 'jobAd.preset'; from: number; to: number }
  | { type: 'jobAd.ask' }
  | { type: 'jobAd.retry' }
  /** The balance changed elsewhere (credits bought, the account read again). */
  | { type: 'jobAd.setCredits'; credits: number | null };

export type JobAdRangeEmitted =
  | { type: 'jobAd.saved'; range: JobAdRange; creditsLeft: number | null }
  | { type: 'jobAd.creditsExhausted'; failure: CallFailure }
  | { type: 'jobAd.failed'; failure: CallFailure };

/** The saved range of an answer that has one (status ok). */
export function savedRangeOf(result: JobAdRangeResult): JobAdRange | null {
  if (result.status !== 'ok' || !result.id || !result.range || !result.sentences || !result.figures || !result.createdAt) return null;
  const { creditsLeft: _creditsLeft, ...rest } = result;
  return { ...rest, status: 'ok', id: result.id, range: result.range, sentences: result.sentences, figures: result.figures, createdAt: result.createdAt };
}

/** The problems still shown after a change of the form: the changed fields' (and those they decide) are put away. */
export function problemsAfter(problems: JobAdProblems, event: JobAdRangeEvent): JobAdProblems {
  const left = { ...problems };
  const changed: JobAdDraftField[] =
    event.type === 'jobAd.set'
      ? [event.field, ...(event.field === 'country' ? ['city' as const] : []), ...(event.field === 'from' ? ['to' as const] : [])]
      : event.type === 'jobAd.preset'
        ? ['from', 'to']
        : [];
  for (const field of changed) delete left[field];
  return left;
}

/** Changing the form, wherever nothing is on its way: back to editing (the answer is put away), invalid while problems are left. */
const EDIT = {
  'jobAd.set': [
    { guard: 'leavesProblems', target: '#jobAdRange.editing.invalid', actions: ['setField', 'storeDraft'] },
    { target: '#jobAdRange.editing.idle', actions: ['setField', 'storeDraft'] },
  ],
  'jobAd.preset': [
    { guard: and(['isPreset', 'leavesProblems']), target: '#jobAdRange.editing.invalid', actions: ['setPreset', 'storeDraft'] },
    { guard: 'isPreset', target: '#jobAdRange.editing.idle', actions: ['setPreset', 'storeDraft'] },
  ],
} as const;

/** Asking: an invalid draft shows its problems; a valid one is sent when a credit is left (or none is needed). */
const ASK = {
  'jobAd.ask': [
    { guard: not('isDraftValid'), target: '#jobAdRange.editing.invalid', actions: 'checkDraft' },
    { guard: 'hasCredits', target: '#jobAdRange.asking', actions: 'nextRequest' },
    { target: '#jobAdRange.creditGate' },
  ],
} as const;

/**
 * The range of a job ad on /pay-transparency/job-ads (docs/pay-transparency.md "Job-ad pay ranges"): the role, the
 * company's title, the policy and the basis, asked of POST /pay-transparency/job-ad-ranges, and its answer.
 *
 * ```
 * editing.idle ──ask (invalid)──▶ editing.invalid (each field's problem; back to idle once every one is changed)
 *      │ ──ask (valid, a credit or none needed)──▶ asking ──ok──────────────▶ answered.range     (emits jobAd.saved)
 *      │ ──ask (valid, no credit)──▶ creditGate          ├─not-enough-data──▶ answered.notEnoughData (free, not saved)
 *      ▼                                                 ├─402──────────────▶ creditGate (emits jobAd.creditsExhausted)
 * set / preset (from every state but asking) ─▶ editing  └─other failure────▶ failed ──retry (same key)──▶ asking
 * ```
 *
 * - Every change of the form is kept in this browser (`storeDraft`, provided by the page), so a reload finds it.
 * - The n-th request sends the idempotency key `${keyPrefix}-${n}`; a retry sends the same key, so a lost answer is
 *   never charged twice, and asking again is refused while a request is on its way (a double click sends one).
 * - Tags: `editing`, `invalid`, `asking`, `busy`, `answered`, `range`, `notEnoughData`, `creditGate`, `failed`.
 */
export const jobAdRangeMachine = setup({
  types: {
    context: {} as JobAdRangeContext,
    events: {} as JobAdRangeEvent,
    input: {} as JobAdRangeInput,
    emitted: {} as JobAdRangeEmitted,
  },
  actors: {
    createRange: injected<JobAdRangeResult, JobAdRangeRequest>('jobAdRange: provide createRange'),
  },
  guards: {
    isDraftValid: ({ context }) => Object.keys(checkJobAdDraft(context.draft)).length === 0,
    hasCredits: ({ context }) => context.credits === null || context.credits > 0,
    isPreset: ({ event }) => {
      assertEvent(event, 'jobAd.preset');
      return POLICY_PRESETS.some((preset) => preset.from === event.from && preset.to === event.to);
    },
    leavesProblems: ({ context, event }) => Object.keys(problemsAfter(context.problems, event)).length > 0,
    isNotEnoughData: ({ event }) => outputOf<JobAdRangeResult>(event).status === 'not-enough-data',
    isInsufficientCredits: ({ event }) => isInsufficientCredits(errorOf(event)),
  },
  actions: {
    setField: assign(({ context, event }) => {
      assertEvent(event, 'jobAd.set');
      const draft = { ...context.draft, [event.field]: event.value };
      // A city belongs to its country: another country drops it.
      if (event.field === 'country' && context.draft.city !== '' && countryOfCity(context.draft.city) !== event.value) draft.city = '';
      return { draft, problems: problemsAfter(context.problems, event) };
    }),
    setPreset: assign(({ context, event }) => {
      assertEvent(event, 'jobAd.preset');
      return { draft: { ...context.draft, from: String(event.from), to: String(event.to) }, problems: problemsAfter(context.problems, event) };
    }),
    /** The page keeps the draft in this browser (provided); nothing by default. */
    storeDraft: () => {},
    checkDraft: assign(({ context }) => ({ problems: checkJobAdDraft(context.draft) })),
    nextRequest: assign(({ context }) => ({ requestNumber: context.requestNumber + 1, problems: {}, failure: null })),
    keepResult: assign(({ event }) => ({ result: outputOf<JobAdRangeResult>(event), failure: null })),
    keepCredits: assign(({ context, event }) => {
      const left = outputOf<JobAdRangeResult>(event).creditsLeft;
      return { credits: context.credits === null ? null : (left ?? context.credits) };
    }),
    emitSaved: emit(({ context }) => ({
      type: 'jobAd.saved' as const,
      range: savedRangeOf(context.result!)!,
      creditsLeft: context.result!.creditsLeft,
    })),
    spendNoMore: assign({ credits: 0 }),
    emitCreditsExhausted: emit(({ context }) => ({ type: 'jobAd.creditsExhausted' as const, failure: context.failure ?? failureOf(null) })),
    setCredits: assign(({ event }) => {
      assertEvent(event, 'jobAd.setCredits');
      return { credits: event.credits };
    }),
    ...failureActions<JobAdRangeContext, JobAdRangeEvent, JobAdRangeEmitted>('jobAd.failed'),
  },
}).createMachine({
  id: 'jobAdRange',
  description: "A job ad's pay range: the role, the policy and the basis asked, and the range with its vacancy sentences.",
  context: ({ input }) => ({
    draft: input.draft ?? { ...EMPTY_DRAFT },
    problems: {},
    result: null,
    credits: input.credits,
    keyPrefix: input.keyPrefix,
    requestNumber: 0,
    failure: null,
  }),
  on: {
    'jobAd.setCredits': { actions: 'setCredits' },
  },
  initial: 'editing',
  states: {
    editing: {
      description: 'The form: the role, the title, the policy (or a preset) and the basis, with what asking costs.',
      tags: ['editing'],
      initial: 'idle',
      on: { ...EDIT, ...ASK },
      states: {
        idle: { description: 'The form as typed, nothing wrong shown.' },
        invalid: {
          description: 'Asked with something wrong: each field says what, and nothing was sent.',
          tags: ['invalid'],
        },
      },
    },
    asking: {
      description: 'Asking the range of the role; a second ask waits for this one (one charge).',
      tags: ['asking', 'busy'],
      invoke: {
        id: 'createRange',
        src: 'createRange',
        input: ({ context }) => requestOf(context.draft, `${context.keyPrefix}-${context.requestNumber}`),
        onDone: [
          { guard: 'isNotEnoughData', target: 'answered.notEnoughData', actions: 'keepResult' },
          { target: 'answered.range', actions: ['keepResult', 'keepCredits', 'emitSaved'] },
        ],
        onError: [
          { guard: 'isInsufficientCredits', target: 'creditGate', actions: ['rememberFailure', 'spendNoMore', 'emitCreditsExhausted'] },
          { target: 'failed', actions: ['rememberFailure', 'emitFailed'] },
        ],
      },
    },
    answered: {
      description: 'The answer, with the form as it was asked (kept, to change and ask again).',
      tags: ['answered'],
      on: { ...EDIT, ...ASK },
      initial: 'range',
      states: {
        range: {
          description: 'The range, its sentences, the group used and its figures: charged and saved in the history.',
          tags: ['range'],
        },
        notEnoughData: {
          description: 'Even the widest group publishes too little for the policy: nothing charged, nothing saved.',
          tags: ['notEnoughData'],
        },
      },
    },
    creditGate: {
      description: 'No credit left for a request: the way to buy some (the form is kept).',
      tags: ['creditGate'],
      on: { ...EDIT, ...ASK },
    },
    failed: {
      description: 'The request failed (offline, refused, the server): the form is kept; retry sends the same key.',
      tags: ['failed'],
      on: { ...EDIT, ...ASK, 'jobAd.retry': { target: 'asking' } },
    },
  },
});

export type JobAdRangeMachine = typeof jobAdRangeMachine;
