import { assertEvent, assign, emit, setup } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { failureActions } from '../shared/failure';
import { injected } from '../shared/injected';
import { loadCall, outputOf, retryOn } from '../shared/load';

export type NewsletterPostSummary = components['schemas']['NewsletterPostSummary'];
export type NewsletterIssue = components['schemas']['NewsletterIssue'];
export type NewsletterIssueDraft = components['schemas']['NewsletterIssueDraft'];
export type NewsletterIssuePreview = components['schemas']['NewsletterIssuePreview'];

export type IssueField = 'subject' | 'intro';
/** Translation keys of what is wrong with the draft (admin_newsletters.compose.errors.*). */
export type IssueErrors = Partial<Record<IssueField | 'posts', string>>;

export interface IssueInput {
  language: 'es' | 'en';
}

export interface IssueContext {
  language: 'es' | 'en';
  posts: NewsletterPostSummary[];
  /** Chosen post ids, in the order they go into the issue. */
  selected: string[];
  subject: string;
  intro: string;
  errors: IssueErrors;
  preview: NewsletterIssuePreview | null;
  issue: NewsletterIssue | null;
  failure: CallFailure | null;
}

export type IssueEvent =
  | { type: 'issue.set'; field: IssueField; value: string }
  | { type: 'issue.togglePost'; postId: string }
  | { type: 'issue.language'; language: 'es' | 'en' }
  | { type: 'issue.preview' }
  | { type: 'issue.edit' }
  | { type: 'issue.send' }
  | { type: 'issue.retry' }
  | { type: 'issue.new' };

export type IssueEmitted = { type: 'issue.sent'; issue: NewsletterIssue } | { type: 'issue.failed'; failure: CallFailure };

export function validateIssue(context: Pick<IssueContext, 'subject' | 'intro' | 'selected'>): IssueErrors {
  const errors: IssueErrors = {};
  const subject = context.subject.trim();
  if (subject === '') errors.subject = 'admin_newsletters.compose.errors.subject_required';
  else if (subject.length > 200) errors.subject = 'admin_newsletters.compose.errors.too_long';
  if (context.intro.length > 2000) errors.intro = 'admin_newsletters.compose.errors.too_long';
  if (context.selected.length === 0) errors.posts = 'admin_newsletters.compose.errors.posts_required';
  else if (context.selected.length > 20) errors.posts = 'admin_newsletters.compose.errors.too_many_posts';
  return errors;
}

export const draftOf = (context: Pick<IssueContext, 'subject' | 'intro' | 'selected' | 'language'>): NewsletterIssueDraft => ({
  subject: context.subject.trim(),
  intro: context.intro.trim(),
  language: context.language,
  postIds: context.selected,
});

const isValid = (context: IssueContext) => Object.keys(validateIssue(context)).length === 0;

/**
 * Composing and sending a newsletter issue (admin): published posts of a language, a subject and an intro, a
 * preview of the e-mail with its audience, then the sending as a background job whose progress is followed.
 *
 * ```
 * loadingPosts ─▶ composing ─preview (valid)─▶ previewing ─▶ preview ─send─▶ starting ─▶ sending ⇄ checking ─▶ sent
 *      └─error─▶ postsFailed       ▲ └─language─▶ loadingPosts   └─edit─┘        └─error─▶ preview
 *                                  └──────────────────── new ───────────────────────────────────────────────┘
 * ```
 *
 * - Changing the language reloads its posts and clears the choice. An invalid draft shows translated errors.
 * - `sending` waits POLL_INTERVAL and asks for the issue's delivery counts until it is sent.
 * - Tags: `loading`, `composing`, `previewing`, `preview`, `starting`, `sending`, `sent`, `failed`.
 */
export const issueMachine = setup({
  types: {
    context: {} as IssueContext,
    events: {} as IssueEvent,
    input: {} as IssueInput,
    emitted: {} as IssueEmitted,
  },
  actors: {
    loadPosts: injected<NewsletterPostSummary[], { language: 'es' | 'en' }>('issue: provide loadPosts'),
    previewIssue: injected<NewsletterIssuePreview, NewsletterIssueDraft>('issue: provide previewIssue'),
    /** Saves the issue and starts its sending. */
    startSending: injected<NewsletterIssue, NewsletterIssueDraft>('issue: provide startSending'),
    loadIssue: injected<NewsletterIssue, { id: string }>('issue: provide loadIssue'),
  },
  delays: { POLL_INTERVAL: 1000 },
  guards: {
    isValid: ({ context }) => isValid(context),
    isOtherLanguage: ({ context, event }) => {
      assertEvent(event, 'issue.language');
      return event.language !== context.language;
    },
    isSent: (_, params: { issue: NewsletterIssue }) => params.issue.status === 'sent',
  },
  actions: {
    setField: assign(({ context, event }) => {
      assertEvent(event, 'issue.set');
      const next = { ...context, [event.field]: event.value };
      return { [event.field]: event.value, errors: Object.keys(context.errors).length > 0 ? validateIssue(next) : {} };
    }),
    togglePost: assign(({ context, event }) => {
      assertEvent(event, 'issue.togglePost');
      if (!context.posts.some((post) => post.id === event.postId)) return {};
      const selected = context.selected.includes(event.postId) ? context.selected.filter((id) => id !== event.postId) : [...context.selected, event.postId];
      return { selected, errors: Object.keys(context.errors).length > 0 ? validateIssue({ ...context, selected }) : {} };
    }),
    setLanguage: assign(({ event }) => {
      assertEvent(event, 'issue.language');
      return { language: event.language, selected: [], posts: [] };
    }),
    showErrors: assign({ errors: ({ context }) => validateIssue(context) }),
    rememberPosts: assign(({ event }) => ({ posts: outputOf<NewsletterPostSummary[]>(event), failure: null })),
    rememberPreview: assign(({ event }) => ({ preview: outputOf<NewsletterIssuePreview>(event), failure: null })),
    rememberIssue: assign(({ event }) => ({ issue: outputOf<NewsletterIssue>(event), failure: null })),
    forgetFailure: assign({ failure: null, errors: {} }),
    reset: assign({ selected: [], subject: '', intro: '', errors: {}, preview: null, issue: null, failure: null }),
    emitSent: emit((_, params: { issue: NewsletterIssue }) => ({ type: 'issue.sent' as const, issue: params.issue })),
    ...failureActions<IssueContext, IssueEvent, IssueEmitted>('issue.failed'),
  },
}).createMachine({
  id: 'newsletterIssue',
  description: 'An admin composes a newsletter issue from published posts, previews it and sends it.',
  context: ({ input }) => ({
    language: input.language,
    posts: [],
    selected: [],
    subject: '',
    intro: '',
    errors: {},
    preview: null,
    issue: null,
    failure: null,
  }),
  initial: 'loadingPosts',
  states: {
    loadingPosts: {
      description: 'Loading the published posts of the language.',
      tags: ['loading'],
      invoke: { ...loadCall('loadPosts', 'composing', 'rememberPosts', 'postsFailed'), input: ({ context }) => ({ language: context.language }) },
    },
    postsFailed: { description: 'The posts could not be loaded.', ...retryOn('issue.retry', 'loadingPosts') },
    composing: {
      description: 'Choosing posts, writing the subject and the intro.',
      tags: ['composing'],
      on: {
        'issue.set': { actions: 'setField' },
        'issue.togglePost': { actions: 'togglePost' },
        'issue.language': { guard: 'isOtherLanguage', target: 'loadingPosts', actions: 'setLanguage' },
        'issue.preview': [{ guard: 'isValid', target: 'previewing', actions: 'forgetFailure' }, { actions: 'showErrors' }],
      },
    },
    previewing: {
      description: 'Rendering the e-mail and counting its audience.',
      tags: ['previewing'],
      invoke: { ...loadCall('previewIssue', 'preview', 'rememberPreview', 'composing'), input: ({ context }) => draftOf(context) },
    },
    preview: {
      description: 'The e-mail as subscribers get it, and how many it reaches; send or go back to edit.',
      tags: ['preview'],
      on: {
        'issue.edit': { target: 'composing' },
        'issue.send': { target: 'starting', actions: 'forgetFailure' },
      },
    },
    starting: {
      description: 'Saving the issue and starting its sending.',
      tags: ['starting'],
      invoke: { ...loadCall('startSending', 'sending', 'rememberIssue', 'preview'), input: ({ context }) => draftOf(context) },
    },
    sending: {
      description: 'The sending runs in the background; its progress is asked for every POLL_INTERVAL.',
      tags: ['sending'],
      after: { POLL_INTERVAL: { target: 'checking' } },
    },
    checking: {
      description: 'Asking for the issue’s delivery counts.',
      tags: ['sending'],
      invoke: {
        id: 'loadIssue',
        src: 'loadIssue',
        input: ({ context }) => ({ id: context.issue?.id ?? '' }),
        onDone: [
          {
            guard: { type: 'isSent', params: ({ event }) => ({ issue: event.output }) },
            target: 'sent',
            actions: ['rememberIssue', { type: 'emitSent', params: ({ event }) => ({ issue: event.output }) }],
          },
          { target: 'sending', actions: 'rememberIssue' },
        ],
        // A missed answer does not stop the sending: ask again after the interval.
        onError: { target: 'sending', actions: 'rememberFailure' },
      },
    },
    sent: {
      description: 'Every delivery is done: sent, failed or skipped counts are shown.',
      tags: ['sent'],
      on: { 'issue.new': { target: 'composing', actions: 'reset' } },
    },
  },
});

export type IssueMachine = typeof issueMachine;
