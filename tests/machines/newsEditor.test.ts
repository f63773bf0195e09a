// The news editor walked along its graph against the real actor, with fakes for its five calls and a
// simulated clock for the preview's pause; the confirm modal is the real child machine.
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, fromPromise, type ActorRefFrom } from 'xstate';
import {
  draftOf,
  draftProblems,
  emptyDraft,
  newsEditorMachine,
  type EditorDraft,
  type EditorPost,
  type NewsEditorEmitted,
  type NewsEditorEvent,
  type NewsEditorMachine,
  type SaveRequest,
} from '../../machines/newsEditor/newsEditorMachine';
import { newsEditorView } from '../../machines/newsEditor/viewModel';
import { postInputOf } from '../../machines/news/actors';
import { confirmModalView } from '../../machines/confirmModal/viewModel';
import type { ConfirmModalMachine } from '../../machines/confirmModal/confirmModalMachine';
import type { CallFailure } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { eventsWithFixtures, machineGraph, type MachineSnapshot } from './harness/graph';
import { describeMachinePaths } from './harness/vitest';
import { actorDriver, send, type ActorWorld, type EventExecutors, type StateAssertions } from './harness/walk';

const POST_ID = 'post0000000000000000001';
const STORED: EditorPost = {
  id: POST_ID,
  slug: 'como-leer-una-mediana',
  status: 'published',
  title: 'Cómo leer una mediana',
  summary: 'Resumen',
  body: '# Mediana',
  typepost: 'blog',
  categories: ['methodology', 'statistics'],
  language: 'es',
  imageUrl: null,
  publishedAt: '2026-03-10T09:00:00.000Z',
  author: 'Equipo Paybench',
  createdAt: '2026-03-10T09:00:00.000Z',
  updatedAt: '2026-03-10T09:00:00.000Z',
};
const IMAGE: components['schemas']['NewsImage'] = { url: `/media/news/${'a'.repeat(40)}.png`, contentType: 'image/png', size: 10 };
const FAILURE: CallFailure = { ok: false, status: 500, value: null, reason: 'http', body: { error: 'Internal server error' }, errorCode: null, request: null };
const PNG_FILE = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'cover.png', { type: 'image/png' });
const SVG_FILE = new File(['<svg/>'], 'cover.svg', { type: 'image/svg+xml' });
const PREVIEW_MS = 10;

const isValid = (draft: EditorDraft) => draftProblems(draft, 'draft').length === 0;

const serializeState = (s: MachineSnapshot<NewsEditorMachine>) => JSON.stringify({ value: s.value, valid: isValid(s.context.draft) });

const graph = machineGraph({
  machine: newsEditorMachine,
  input: { postId: POST_ID, language: 'es' },
  serializeState,
  events: eventsWithFixtures<NewsEditorEvent>(
    {
      'editor.edit': [
        { type: 'editor.edit', patch: { body: '## Nuevo texto' } },
        { type: 'editor.edit', patch: { title: '' } },
        { type: 'editor.edit', patch: { title: 'Otro título' } },
      ],
      'editor.save': [
        { type: 'editor.save', status: 'published' },
        { type: 'editor.save', status: 'draft' },
      ],
      'editor.uploadImage': [
        { type: 'editor.uploadImage', file: PNG_FILE },
        { type: 'editor.uploadImage', file: SVG_FILE },
      ],
      'editor.answer': [
        { type: 'editor.answer', confirmed: true },
        { type: 'editor.answer', confirmed: false },
      ],
    },
    {
      outputs: { loadForEditing: [STORED], savePost: [STORED], deletePost: [undefined], renderPreview: ['<h1>Mediana</h1>'], uploadImage: [IMAGE] },
      errors: { loadForEditing: [FAILURE], savePost: [FAILURE], deletePost: [FAILURE], renderPreview: [FAILURE], uploadImage: [{ ...FAILURE, status: 413 }] },
    },
  ),
});

interface Pending<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

interface World extends ActorWorld<NewsEditorMachine> {
  clock: SimulatedClock;
  pending: Partial<Record<'load' | 'save' | 'delete' | 'preview' | 'upload', Pending<unknown>>>;
  saves: SaveRequest[];
  previews: string[];
  uploads: File[];
  deletes: string[];
  emitted: NewsEditorEmitted[];
  /** The draft as the gestures made it (the machine must keep exactly this). */
  draft: EditorDraft;
  /** The draft as it was when the save now going on was asked for. */
  sentDraft: EditorDraft | null;
  lastUpload: 'accepted' | 'refused' | null;
}

function createWorld(): World {
  const world = {
    clock: new SimulatedClock(),
    pending: {},
    saves: [],
    previews: [],
    uploads: [],
    deletes: [],
    emitted: [],
    draft: emptyDraft('es'),
    sentDraft: null,
    lastUpload: null,
  } as Omit<World, 'actor'> as World;
  const wait = <T>(key: keyof World['pending']) => new Promise<T>((resolve, reject) => (world.pending[key] = { resolve: resolve, reject }));
  const machine = newsEditorMachine.provide({
    actors: {
      loadForEditing: fromPromise<EditorPost, { id: string }>(() => wait('load')),
      savePost: fromPromise<EditorPost, SaveRequest>(({ input }) => {
        world.saves.push(input);
        return wait('save');
      }),
      deletePost: fromPromise<void, { id: string }>(({ input }) => {
        world.deletes.push(input.id);
        return wait('delete');
      }),
      renderPreview: fromPromise<string, { body: string }>(({ input }) => {
        world.previews.push(input.body);
        return wait('preview');
      }),
      uploadImage: fromPromise<components['schemas']['NewsImage'], { file: File }>(({ input }) => {
        world.uploads.push(input.file);
        return wait('upload');
      }),
    },
    delays: { previewDelay: PREVIEW_MS },
  });
  world.actor = createActor(machine, { input: { postId: POST_ID, language: 'es' }, clock: world.clock });
  world.actor.on('*', (event) => world.emitted.push(event));
  return world;
}

const driver = actorDriver<NewsEditorMachine, World>({
  start: createWorld,
  executors: {
    'editor.edit': (world, event) => {
      world.draft = { ...world.draft, ...event.patch };
      send(world, event);
    },
    'editor.save': (world, event) => {
      if (!world.actor.getSnapshot().hasTag('saving')) world.sentDraft = world.draft;
      send(world, event);
    },
    'editor.uploadImage': (world, event) => {
      world.lastUpload = event.file.type === 'image/png' ? 'accepted' : 'refused';
      send(world, event);
    },
    'editor.removeImage': (world, event) => {
      world.draft = { ...world.draft, imageUrl: '' };
      send(world, event);
    },
    'editor.delete': send,
    'editor.answer': send,
    'editor.retry': send,
  } satisfies EventExecutors<NewsEditorEvent, World>,
  frameworkExecutors: {
    'xstate.done.actor.loadForEditing': (world, event) => {
      world.draft = draftOf(event.output as EditorPost);
      world.pending.load!.resolve(event.output);
    },
    'xstate.error.actor.loadForEditing': (world, event) => world.pending.load!.reject(event.error),
    'xstate.done.actor.savePost': (world, event) => world.pending.save!.resolve(event.output),
    'xstate.error.actor.savePost': (world, event) => world.pending.save!.reject(event.error),
    'xstate.done.actor.deletePost': (world) => world.pending.delete!.resolve(undefined),
    'xstate.error.actor.deletePost': (world, event) => world.pending.delete!.reject(event.error),
    'xstate.done.actor.renderPreview': (world, event) => world.pending.preview!.resolve(event.output),
    'xstate.error.actor.renderPreview': (world, event) => world.pending.preview!.reject(event.error),
    'xstate.done.actor.uploadImage': (world, event) => {
      world.draft = { ...world.draft, imageUrl: (event.output as typeof IMAGE).url };
      world.pending.upload!.resolve(event.output);
    },
    'xstate.error.actor.uploadImage': (world, event) => world.pending.upload!.reject(event.error),
    'xstate.after.previewDelay.newsEditor.editing.preview.waiting': (world) => world.clock.increment(PREVIEW_MS),
  },
  serializeState,
});

const confirmOf = (snapshot: MachineSnapshot<NewsEditorMachine>) =>
  confirmModalView((snapshot.children.confirm as ActorRefFrom<ConfirmModalMachine>).getSnapshot());

const view = newsEditorView;
const noop = () => undefined;

const assertions = {
  loading: (_world, snapshot) => {
    expect(view(snapshot)).toMatchObject({ phase: 'loading', canSave: false, canDelete: false });
  },
  loadFailed: (world, snapshot) => {
    expect(view(snapshot)).toMatchObject({ phase: 'loadFailed', canRetry: true, failure: FAILURE });
    expect(world.emitted.at(-1)).toEqual({ type: 'editor.failed', failure: FAILURE });
  },
  editing: (world, snapshot) => {
    // The draft is exactly what was loaded and typed: nothing lost, nothing invented.
    expect(view(snapshot).draft).toEqual(world.draft);
    expect(view(snapshot).canDelete).toBe(true);
    expect(confirmOf(snapshot).open).toBe(false);
  },
  'editing.preview': noop,
  'editing.preview.waiting': (_world, snapshot) => expect(view(snapshot).previewPending).toBe(true),
  'editing.preview.rendering': (world, snapshot) => {
    expect(world.previews.at(-1)).toBe(world.draft.body);
    expect(view(snapshot).previewPending).toBe(true);
  },
  'editing.preview.shown': (_world, snapshot) =>
    expect(view(snapshot)).toMatchObject({ previewHtml: '<h1>Mediana</h1>', previewPending: false, previewFailed: false }),
  'editing.preview.failed': (_world, snapshot) => expect(view(snapshot)).toMatchObject({ previewFailed: true, previewPending: false }),
  'editing.image': noop,
  'editing.image.idle': (_world, snapshot) => {
    expect(view(snapshot).uploading).toBe(false);
    expect(view(snapshot).imageProblem).toBeNull();
  },
  'editing.image.uploading': (world, snapshot) => {
    expect(world.uploads.at(-1)).toBe(PNG_FILE);
    expect(view(snapshot).uploading).toBe(true);
  },
  'editing.image.failed': (world, snapshot) => {
    // A refused type never leaves the browser; a refused size from the server reads as too large.
    expect(view(snapshot).imageProblem).toBe(world.lastUpload === 'refused' ? 'wrong_type' : 'too_large');
  },
  'editing.save': noop,
  'editing.save.idle': (_world, snapshot) => expect(view(snapshot)).toMatchObject({ saving: false, justSaved: false, saveFailed: false }),
  'editing.save.saving': (world, snapshot) => {
    expect(world.saves.at(-1)).toEqual({ id: POST_ID, draft: world.sentDraft, status: expect.stringMatching(/^(published|draft)$/) });
    expect(view(snapshot)).toMatchObject({ saving: true, canSave: false, problems: [] });
  },
  'editing.save.saved': (world, snapshot) => {
    expect(view(snapshot)).toMatchObject({ justSaved: true, unsaved: false, saved: STORED });
    expect(world.emitted.filter((e) => e.type === 'editor.saved').at(-1)).toEqual({ type: 'editor.saved', post: STORED, created: false });
  },
  'editing.save.failed': (world, snapshot) => {
    expect(view(snapshot)).toMatchObject({ saveFailed: true, failure: FAILURE, canSave: true });
    expect(view(snapshot).draft).toEqual(world.draft);
  },
  confirmingDelete: (_world, snapshot) => {
    expect(view(snapshot).phase).toBe('confirming');
    expect(confirmOf(snapshot)).toMatchObject({ open: true, kind: 'delete' });
  },
  deleting: (world, snapshot) => {
    expect(world.deletes.at(-1)).toBe(POST_ID);
    expect(view(snapshot).phase).toBe('deleting');
  },
  deleted: (world, snapshot) => {
    expect(view(snapshot).phase).toBe('deleted');
    expect(world.emitted.at(-1)).toEqual({ type: 'editor.deleted' });
  },
} satisfies StateAssertions<NewsEditorMachine, World>;

describeMachinePaths('newsEditor paths', { graph, driver, assertions, generators: ['shortest', 'transitions'] });

describe('newsEditor rules', () => {
  const draft = (patch: Partial<EditorDraft> = {}): EditorDraft => ({ ...emptyDraft('es'), title: 'T', body: 'B', ...patch });

  it('lists what stops a save', () => {
    expect(draftProblems(emptyDraft('es'), 'draft')).toEqual(['title_required', 'body_required']);
    expect(draftProblems(draft({ categoriesText: 'pay, Bad Category' }), 'draft')).toEqual(['category_format']);
    expect(draftProblems(draft({ summary: 'x'.repeat(1001) }), 'published')).toEqual(['summary_too_long']);
    const now = Date.parse('2026-06-01T10:00:00Z');
    expect(draftProblems(draft(), 'scheduled', now)).toEqual(['schedule_date']);
    expect(draftProblems(draft({ publishAt: '2026-05-01T10:00' }), 'scheduled', now)).toEqual(['schedule_date']);
    expect(draftProblems(draft({ publishAt: '2026-07-01T10:00' }), 'scheduled', now)).toEqual([]);
  });

  it('turns a draft into the contract’s input: categories parsed, publication date by status', () => {
    const now = Date.parse('2026-06-01T10:00:00Z');
    const past = draft({ categoriesText: 'Pay, sectors, pay,', publishAt: '2026-03-10T09:00', imageUrl: '' });
    expect(postInputOf(past, 'published', now)).toMatchObject({
      categories: ['pay', 'sectors'],
      imageUrl: null,
      status: 'published',
      publishedAt: new Date('2026-03-10T09:00').toISOString(),
    });
    const future = draft({ publishAt: '2026-07-01T09:00' });
    expect(postInputOf(future, 'published', now).publishedAt).toBeUndefined();
    expect(postInputOf(future, 'scheduled', now).publishedAt).toBe(new Date('2026-07-01T09:00').toISOString());
    expect(postInputOf(draft(), 'draft', now)).not.toHaveProperty('publishedAt');
    expect(postInputOf(draft({ author: '  ' }), 'draft', now)).not.toHaveProperty('author');
  });

  it('a draft loaded from the server drops a creation date that is not a plan', () => {
    const now = Date.parse('2026-06-01T10:00:00Z');
    expect(draftOf({ ...STORED, status: 'draft', publishedAt: '2026-05-01T10:00:00.000Z' }, now).publishAt).toBe('');
    expect(draftOf({ ...STORED, status: 'scheduled', publishedAt: '2026-07-01T10:00:00.000Z' }, now).publishAt).not.toBe('');
  });

  it('a new post goes straight to the form and its first save creates it', async () => {
    let saved: SaveRequest | null = null;
    const actor = createActor(
      newsEditorMachine.provide({
        actors: {
          savePost: fromPromise<EditorPost, SaveRequest>(async ({ input }) => {
            saved = input;
            return { ...STORED, id: 'new0000000000000000000001' };
          }),
          renderPreview: fromPromise(async () => ''),
        },
      }),
      { input: { postId: null, language: 'en' } },
    );
    const emitted: NewsEditorEmitted[] = [];
    actor.on('*', (event) => emitted.push(event));
    actor.start();
    expect(newsEditorView(actor.getSnapshot())).toMatchObject({ phase: 'editing', canDelete: false });
    actor.send({ type: 'editor.save', status: 'published' });
    expect(newsEditorView(actor.getSnapshot()).problems).toEqual(['title_required', 'body_required']);
    actor.send({ type: 'editor.edit', patch: { title: 'Hello', body: 'World' } });
    expect(newsEditorView(actor.getSnapshot()).problems).toEqual([]);
    actor.send({ type: 'editor.save', status: 'published' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(saved).toMatchObject({ id: null, status: 'published', draft: { title: 'Hello', body: 'World', language: 'en' } });
    expect(emitted.find((e) => e.type === 'editor.saved')).toMatchObject({ created: true });
    expect(newsEditorView(actor.getSnapshot()).canDelete).toBe(true);
    actor.stop();
  });
});
