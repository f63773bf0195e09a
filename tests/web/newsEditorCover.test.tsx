// @vitest-environment happy-dom
// Cover image addresses in the admin news editor: a cover address that is neither an image uploaded here nor an https:
// address of a public host (a post stored before the rule, or one the server refuses) is not shown as an image;
// the form says why in the admin's language and does not save it until the cover is removed or uploaded again.
// The page runs with its real machine; the calls are fakes (the server side is tests/server/news.coverImage.test.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { fromPromise } from 'xstate';
import es from '../../locales/es.json';
import type { components } from '../../src/api/schema';
import type { CallFailure } from '../../src/api/client';
import { system } from '../../src/web/kernel/theme';
import { createI18n } from '../../src/web/kernel/i18nBundled';

type Post = components['schemas']['Post'];

const world = vi.hoisted(() => ({
  post: null as unknown as Post,
  saves: [] as Array<{ input: unknown }>,
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- widens the field to what a test stores in it
  saveFailure: null as unknown,
  notified: [] as unknown[],
}));

vi.mock('../../machines/news/actors', () => ({
  newsActors: () => ({
    loadForEditing: fromPromise(async () => world.post),
    savePost: fromPromise(async ({ input }: { input: unknown }) => {
      world.saves.push({ input });
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- the CallFailure a test set
      if (world.saveFailure) throw world.saveFailure;
      return world.post;
    }),
    deletePost: fromPromise(async () => undefined),
    renderPreview: fromPromise(async () => '<p>Texto.</p>'),
    uploadImage: fromPromise(async () => ({ url: `/media/news/${'b'.repeat(40)}.png`, contentType: 'image/png', size: 10 })),
  }),
}));
vi.mock('../../src/web/kernel/session', () => ({ useNotifyFailure: () => (failure: unknown) => world.notified.push(failure) }));

const { default: NewsEditorPage } = await import('../../src/web/features/admin-news/NewsEditorPage');

const UPLOADED = `/media/news/${'a'.repeat(40)}.png`;
const REFUSED_TEXT = es.admin_news.editor.image_problems.url_refused;
const HELP_TEXT = es.admin_news.editor.cover_help;

const postWith = (imageUrl: string | null): Post => ({
  id: 'post0000000000000000001',
  slug: 'portada',
  status: 'published',
  title: 'Portada',
  summary: 'Resumen',
  body: 'Texto.',
  typepost: 'blog',
  categories: ['methodology'],
  language: 'es',
  imageUrl,
  publishedAt: '2026-01-10T09:00:00.000Z',
  author: 'Equipo Paybench',
  createdAt: '2026-01-10T09:00:00.000Z',
  updatedAt: '2026-01-10T09:00:00.000Z',
});

async function flush() {
  await act(async () => {
    for (let i = 0; i < 8; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

async function openEditor(imageUrl: string | null) {
  world.post = postWith(imageUrl);
  render(
    <ChakraProvider value={system}>
      <I18nextProvider i18n={createI18n('es')}>
        <MemoryRouter initialEntries={[`/admin/news/${world.post.id}`]}>
          <Routes>
            <Route path="/admin/news/:id" element={<NewsEditorPage />} />
          </Routes>
        </MemoryRouter>
      </I18nextProvider>
    </ChakraProvider>,
  );
  await flush();
}

const help = () => screen.getByTestId('editor-cover-help');
const publish = () => screen.getByTestId<HTMLButtonElement>('editor-publish');

beforeEach(() => {
  world.saves = [];
  world.saveFailure = null;
  world.notified = [];
});
afterEach(cleanup);

describe('the cover address in the news editor', () => {
  it.each([
    'javascript:alert(document.cookie)',
    '//evil.example/c.png',
    'http://images.example.com/c.png',
    'https://169.254.169.254/latest',
    'https://localhost/c.png',
  ])('a stored %j is not shown, the form says why, and nothing is saved until the cover is removed', async (imageUrl) => {
    await openEditor(imageUrl);
    expect(help().textContent).toBe(REFUSED_TEXT);
    expect(screen.queryByTestId('editor-cover')).toBeNull();
    expect(document.querySelector(`img[src="${imageUrl}"]`)).toBeNull();
    expect(publish().disabled).toBe(true);

    await act(async () => fireEvent.click(screen.getByText(es.admin_news.editor.cover_remove)));
    await flush();
    expect(help().textContent).toBe(HELP_TEXT);
    expect(publish().disabled).toBe(false);
  });

  it('an uploaded image and an https address of a public host are shown and saved', async () => {
    for (const imageUrl of [UPLOADED, 'https://images.example.com/c.png']) {
      await openEditor(imageUrl);
      expect(help().textContent).toBe(HELP_TEXT);
      expect(screen.getByTestId<HTMLImageElement>('editor-cover').getAttribute('src')).toBe(imageUrl);
      expect(publish().disabled).toBe(false);
      cleanup();
    }
  });

  it('when the server refuses the cover, the form says why beside it (and the failure is notified)', async () => {
    const failure: CallFailure = {
      ok: false,
      status: 400,
      value: null,
      reason: 'http',
      body: { error: 'body.imageUrl: the cover image must not point to an internal address', errorCode: 'COVER_IMAGE_URL' },
      errorCode: 'COVER_IMAGE_URL',
      request: { method: 'PUT', path: '/news/{id}' },
    };
    world.saveFailure = failure;
    await openEditor('https://images.example.com/c.png');
    await act(async () => fireEvent.click(publish()));
    await flush();
    expect(world.saves).toHaveLength(1);
    expect(world.notified).toEqual([failure]);
    expect(help().textContent).toBe(REFUSED_TEXT);
    expect(publish().disabled).toBe(true);
  });
});
