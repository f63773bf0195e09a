import { assertEvent, assign, emit, setup } from 'xstate';
import type { CallFailure } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { failureOf } from '../../src/api/callFailure';
import { confirmModalMachine } from '../confirmModal/confirmModalMachine';
import { errorOf, failureActions } from '../shared/failure';
import { injected } from '../shared/injected';
import { answerConfirm, confirmChild, confirmSetup } from '../shared/confirm';
import { failTo, loadCall, outputOf, retryOn } from '../shared/load';

type Schemas = components['schemas'];
export type EditorPost = Schemas['Post'];
export type SaveStatus = 'draft' | 'published' | 'scheduled';

/** What the admin is writing. Dates and categories stay as typed until saved. */
export interface EditorDraft {
  title: string;
  summary: string;
  /** Markdown. */
  body: string;
  typepost: Schemas['Typepost'];
  language: Schemas['Language'];
  /** Comma-separated category codes as typed ("pay, sectors"). */
  categoriesText: string;
  /** Site path or URL of the cover; '' for none. */
  imageUrl: string;
  author: string;
  /** Publication date as a datetime-local value (local time), '' for "now". */
  publishAt: string;
}

export interface SaveRequest {
  id: string | null;
  draft: EditorDraft;
  status: SaveStatus;
}

/** Translation keys (admin_news.problems.*) of what stops a save. */
export type DraftProblem = 'title_required' | 'title_too_long' | 'summary_too_long' | 'body_required' | 'category_format' | 'schedule_date';

export type ImageProblem = 'too_large' | 'wrong_type' | 'upload_failed';

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
const CATEGORY = /^[a-z0-9-]{1,60}$/;

/** "Pay, sectors,, pay" → ['pay', 'sectors'] (trimmed, lower-cased, blanks and repeats dropped). */
export function categoriesOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((part) => part.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

/** What stops saving the draft with this status now (empty: it may be saved). */
export function draftProblems(draft: EditorDraft, status: SaveStatus, now = Date.now()): DraftProblem[] {
  const problems: DraftProblem[] = [];
  if (!draft.title.trim()) problems.push('title_required');
  if (draft.title.trim().length > 200) problems.push('title_too_long');
  if (draft.summary.trim().length > 1000) problems.push('summary_too_long');
  if (!draft.body.trim()) problems.push('body_required');
  const categories = categoriesOf(draft.categoriesText);
  if (categories.length > 20 || categories.some((category) => !CATEGORY.test(category))) problems.push('category_format');
  const at = draft.publishAt ? new Date(draft.publishAt).getTime() : Number.NaN;
  if (status === 'scheduled' && !(at > now)) problems.push('schedule_date');
  return problems;
}

/** A datetime-local value (local time, minutes) of an ISO date. */
export function localInputOf(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The draft of a stored post. A draft's date is kept only if it is ahead (a creation date is not a plan). */
export function draftOf(post: EditorPost, now = Date.now()): EditorDraft {
  const ahead = new Date(post.publishedAt).getTime() > now;
  return {
    title: post.title,
    summary: post.summary,
    body: post.body,
    typepost: post.typepost,
    language: post.language,
    categoriesText: post.categories.join(', '),
    imageUrl: post.imageUrl ?? '',
    author: post.author,
    publishAt: post.status === 'draft' && !ahead ? '' : localInputOf(post.publishedAt),
  };
}

export const emptyDraft = (language: Schemas['Language']): EditorDraft => ({
  title: '',
  summary: '',
  body: '',
  typepost: 'blog',
  language,
  categoriesText: '',
  imageUrl: '',
  author: '',
  publishAt: '',
});

export interface NewsEditorInput {
  /** The post to edit; null writes a new one. */
  postId: string | null;
  /** The language a new post starts in. */
  language: Schemas['Language'];
}

export interface NewsEditorContext {
  postId: string | null;
  draft: EditorDraft;
  /** The post as last loaded or saved (its status, slug, dates). */
  saved: EditorPost | null;
  /** The draft as last loaded or sent to be saved: the form is "unsaved" while the draft differs. */
  savedDraft: EditorDraft | null;
  previewHtml: string;
  problems: DraftProblem[];
  imageProblem: ImageProblem | null;
  failure: CallFailure | null;
}

export type NewsEditorEvent =
  /** Change fields of the draft. */
  | { type: 'editor.edit'; patch: Partial<EditorDraft> }
  /** Save with this status: draft (also "unpublish"), published (now, or keeping a past date) or scheduled. */
  | { type: 'editor.save'; status: SaveStatus }
  | { type: 'editor.uploadImage'; file: File }
  | { type: 'editor.removeImage' }
  /** Ask to delete the post (the confirm modal opens). */
  | { type: 'editor.delete' }
  /** The confirm modal's answer. */
  | { type: 'editor.answer'; confirmed: boolean }
  /** Load the post again after a failure. */
  | { type: 'editor.retry' };

export type NewsEditorEmitted =
  { type: 'editor.saved'; post: EditorPost; created: boolean } | { type: 'editor.deleted' } | { type: 'editor.failed'; failure: CallFailure };

const imageProblemOf = (error: unknown): ImageProblem => {
  const { status } = failureOf(error);
  return status === 413 ? 'too_large' : status === 415 ? 'wrong_type' : 'upload_failed';
};

/** `editor.save` while not saving (unsaved, saved or failed): saves a valid draft, or shows what is missing. */
const saveDraft = [{ guard: 'canSave', target: 'saving', actions: 'rememberSent' }, { actions: 'showProblems' }] as const;

/** After a save (done or failed), any change to the draft makes it unsaved again; the draft may be saved again. */
const afterSave = { always: { guard: 'draftChanged', target: 'idle' }, on: { 'editor.save': saveDraft } } as const;

const confirmDelete = confirmSetup<NewsEditorContext, NewsEditorEvent>('delete');

/**
 * The news editor of the admin area: write or change a post with a live preview, a cover
 * image, and save it as a draft, publish it, schedule it, unpublish it or delete it.
 *
 * ```
 * loading ──done──▶ editing ─────────────────────────── delete ──▶ confirmingDelete ── yes ──▶ deleting ──▶ deleted
 *    └─error─▶ loadFailed ── retry ──▶ loading              ▲            └── no ──▶ editing     └─error──▶ editing
 * editing (parallel):
 *   preview: waiting ──previewDelay──▶ rendering ──▶ shown | failed        (every edit goes back to waiting)
 *   image:   idle ── uploadImage(ok file) ──▶ uploading ──▶ idle | failed  (a wrong type or size: failed at once)
 *   save:    idle ── save(valid) ──▶ saving ──▶ saved | failed             (an edit after saved/failed: idle;
 *                                               edited while saving: idle once saved)
 * ```
 *
 * - A new post (no id) goes straight from `loading` to `editing`; an existing one is loaded first.
 * - The preview is rendered by the server (POST news/preview) with the rules of the post page, a short
 *   while after typing stops, so no unsanitised HTML is ever shown.
 * - A save that fails keeps the draft as it is; so does an invalid one (the problems are listed instead).
 * - The cover is checked for type (PNG, JPEG, WebP) and size (2 MB) before it is sent; the server checks
 *   again by content.
 * - Tags: `loading`, `loadFailed`, `rendering`, `uploading`, `saving`, `saved`, `saveFailed`, `confirming`,
 *   `deleting`, `deleted`. Emits `editor.saved`, `editor.deleted` and `editor.failed`.
 */
export const newsEditorMachine = setup({
  types: {
    context: {} as NewsEditorContext,
    events: {} as NewsEditorEvent,
    input: {} as NewsEditorInput,
    emitted: {} as NewsEditorEmitted,
  },
  actors: {
    loadForEditing: injected<EditorPost, { id: string }>('newsEditor: provide loadForEditing'),
    savePost: injected<EditorPost, SaveRequest>('newsEditor: provide savePost'),
    deletePost: injected<void, { id: string }>('newsEditor: provide deletePost'),
    renderPreview: injected<string, { body: string }>('newsEditor: provide renderPreview'),
    uploadImage: injected<Schemas['NewsImage'], { file: File }>('newsEditor: provide uploadImage'),
    confirmModal: confirmModalMachine,
  },
  delays: {
    /** Typing pause before the preview is rendered. */
    previewDelay: 400,
  },
  guards: {
    isExistingPost: ({ context }) => context.postId !== null,
    isNewPost: ({ context }) => context.postId === null,
    /** The draft differs from the one last loaded or sent to be saved. */
    draftChanged: ({ context }) => context.savedDraft !== context.draft,
    canSave: ({ context, event }) => {
      assertEvent(event, 'editor.save');
      return draftProblems(context.draft, event.status).length === 0;
    },
    isAcceptableImage: ({ event }) => {
      assertEvent(event, 'editor.uploadImage');
      return (IMAGE_TYPES as readonly string[]).includes(event.file.type) && event.file.size > 0 && event.file.size <= MAX_IMAGE_BYTES;
    },
    ...confirmDelete.guards,
  },
  actions: {
    applyEdit: assign(({ context, event }) => {
      assertEvent(event, 'editor.edit');
      const draft = { ...context.draft, ...event.patch };
      // Problems shown after a refused save go away as they are fixed.
      const remaining = draftProblems(draft, 'scheduled');
      return { draft, problems: context.problems.filter((problem) => remaining.includes(problem)) };
    }),
    showProblems: assign(({ context, event }) => {
      assertEvent(event, 'editor.save');
      return { problems: draftProblems(context.draft, event.status) };
    }),
    rememberLoaded: assign(({ event }) => {
      const post = outputOf<EditorPost>(event);
      const draft = draftOf(post);
      return { saved: post, draft, savedDraft: draft, failure: null };
    }),
    rememberSent: assign(({ context }) => ({ savedDraft: context.draft, problems: [], failure: null })),
    rememberSaved: assign(({ event }) => {
      const post = outputOf<EditorPost>(event);
      return { saved: post, postId: post.id };
    }),
    /** Before `rememberSaved`: a post without an id until now was created. */
    emitSaved: emit(({ context, event }) => ({ type: 'editor.saved' as const, post: outputOf<EditorPost>(event), created: context.postId === null })),
    rememberPreview: assign((_, params: { html: string }) => ({ previewHtml: params.html })),
    rejectImage: assign(({ event }) => {
      assertEvent(event, 'editor.uploadImage');
      return { imageProblem: (IMAGE_TYPES as readonly string[]).includes(event.file.type) ? 'too_large' : 'wrong_type' };
    }),
    clearImageProblem: assign({ imageProblem: null }),
    rememberImage: assign(({ context }, params: { url: string }) => ({ draft: { ...context.draft, imageUrl: params.url }, imageProblem: null })),
    rememberImageFailure: assign(({ event }) => ({ imageProblem: imageProblemOf(errorOf(event)) })),
    removeImage: assign(({ context }) => ({ draft: { ...context.draft, imageUrl: '' }, imageProblem: null })),
    ...failureActions<NewsEditorContext, NewsEditorEvent, NewsEditorEmitted>('editor.failed'),
    emitDeleted: emit({ type: 'editor.deleted' as const }),
    ...confirmDelete.actions,
  },
}).createMachine({
  id: 'newsEditor',
  description: 'Write or change a post with a live preview and a cover image; save as draft, publish, schedule, unpublish or delete it.',
  context: ({ input }) => ({
    postId: input.postId,
    draft: emptyDraft(input.language),
    saved: null,
    savedDraft: null,
    previewHtml: '',
    problems: [],
    imageProblem: null,
    failure: null,
  }),
  invoke: confirmChild('delete'),
  initial: 'loading',
  states: {
    loading: {
      description: 'Loading the post to edit; a new post goes straight to the form.',
      tags: ['loading'],
      always: { guard: 'isNewPost', target: 'editing' },
      invoke: { ...loadCall('loadForEditing', 'editing', 'rememberLoaded', 'loadFailed'), input: ({ context }) => ({ id: context.postId! }) },
    },
    loadFailed: {
      description: 'The post could not be loaded (gone, or no answer); it can be asked again.',
      ...retryOn('editor.retry', 'loading', 'loadFailed'),
    },
    editing: {
      description: 'The form, its preview and its cover, each going on by itself.',
      type: 'parallel',
      on: {
        'editor.delete': { guard: 'isExistingPost', target: 'confirmingDelete', actions: 'openConfirm' },
      },
      states: {
        preview: {
          description: 'The rendered body beside the form, following the typing.',
          initial: 'waiting',
          on: { 'editor.edit': { target: '.waiting', actions: 'applyEdit' } },
          states: {
            waiting: {
              description: 'Typing: the preview is rendered once it pauses.',
              after: { previewDelay: { target: 'rendering' } },
            },
            rendering: {
              description: 'The server renders the body with the post page’s rules.',
              tags: ['rendering'],
              invoke: {
                id: 'renderPreview',
                src: 'renderPreview',
                input: ({ context }) => ({ body: context.draft.body }),
                onDone: { target: 'shown', actions: { type: 'rememberPreview', params: ({ event }) => ({ html: event.output }) } },
                onError: { target: 'failed' },
              },
            },
            shown: { description: 'The preview shows the body as typed.' },
            failed: { description: 'The preview could not be rendered; the last one stays, marked as stale.' },
          },
        },
        image: {
          description: 'The cover image: checked, uploaded, or refused with a reason.',
          initial: 'idle',
          states: {
            idle: {
              description: 'No upload going on.',
              on: {
                'editor.uploadImage': [
                  { guard: 'isAcceptableImage', target: 'uploading', actions: 'clearImageProblem' },
                  { target: 'failed', actions: 'rejectImage' },
                ],
                'editor.removeImage': { actions: 'removeImage' },
              },
            },
            uploading: {
              description: 'The file is on its way to the server.',
              tags: ['uploading'],
              invoke: {
                id: 'uploadImage',
                src: 'uploadImage',
                input: ({ event }) => {
                  assertEvent(event, 'editor.uploadImage');
                  return { file: event.file };
                },
                onDone: { target: 'idle', actions: { type: 'rememberImage', params: ({ event }) => ({ url: event.output.url }) } },
                onError: { target: 'failed', actions: 'rememberImageFailure' },
              },
            },
            failed: {
              description: 'The file was refused (type, size) or could not be sent; another may be chosen.',
              on: {
                'editor.uploadImage': [{ guard: 'isAcceptableImage', target: 'uploading', actions: 'clearImageProblem' }, { actions: 'rejectImage' }],
                'editor.removeImage': { target: 'idle', actions: 'removeImage' },
              },
            },
          },
        },
        save: {
          description: 'Saving the draft with a status.',
          initial: 'idle',
          states: {
            idle: {
              description: 'Not saved since the last change (or never).',
              on: { 'editor.save': saveDraft },
            },
            saving: {
              description: 'The post is being saved; the form stays editable.',
              tags: ['saving'],
              invoke: {
                id: 'savePost',
                src: 'savePost',
                input: ({ context, event }) => {
                  assertEvent(event, 'editor.save');
                  return { id: context.postId, draft: context.draft, status: event.status };
                },
                onDone: [
                  {
                    // Typed on while it was being saved: saved, but not as shown.
                    guard: 'draftChanged',
                    target: 'idle',
                    actions: ['emitSaved', 'rememberSaved'],
                  },
                  { target: 'saved', actions: ['emitSaved', 'rememberSaved'] },
                ],
                onError: failTo('failed'),
              },
            },
            saved: {
              description: 'Saved as shown; the next change makes it unsaved again.',
              tags: ['saved'],
              // Any change (typing, a new cover, removing it) makes it unsaved again.
              ...afterSave,
            },
            failed: {
              description: 'The save failed; the draft is kept as typed and can be saved again.',
              tags: ['saveFailed'],
              ...afterSave,
            },
          },
        },
      },
    },
    confirmingDelete: {
      description: 'The confirm modal (kind delete) asks whether to delete the post.',
      tags: ['confirming'],
      on: {
        'editor.answer': answerConfirm('deleting', 'editing'),
      },
    },
    deleting: {
      description: 'The post is being deleted.',
      tags: ['deleting'],
      invoke: {
        id: 'deletePost',
        src: 'deletePost',
        input: ({ context }) => ({ id: context.postId! }),
        onDone: { target: 'deleted', actions: 'emitDeleted' },
        onError: failTo('editing'),
      },
    },
    deleted: {
      description: 'The post is gone; the screen returns to the list.',
      tags: ['deleted'],
      type: 'final',
    },
  },
});

export type NewsEditorMachine = typeof newsEditorMachine;
