// An admin writes a post with a cover image in the editor (live preview rendered and sanitised by
// the server), publishes it, and it appears on /blog and on its own page; a visitor signed out sees it too.
import { expect, test, type Page } from './fixtures';
import { signInAs } from './auth-support';

// A real 1×1 PNG, so the browser can draw it.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function expectPostPage(page: Page, title: string) {
  await expect(page.getByTestId('post-title')).toHaveText(title);
  const body = page.getByTestId('post-body');
  await expect(body.locator('h2')).toHaveText('Cómo se calcula');
  await expect(body.locator('strong')).toHaveText('mediana');
  // Typed HTML is shown as text, never run.
  await expect(body).toContainText('<script>');
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  const cover = page.getByTestId('post-cover');
  await expect(cover).toBeVisible();
  await expect.poll(() => cover.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByTestId('post-share').getByRole('link')).toHaveCount(3);
  expect(await page.title()).toBe(`${title} · Paybench`);
  expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe(title);
}

test('an admin writes and publishes a post with an image; it shows on /blog and its page, also signed out', async ({ page, browser }) => {
  const title = `La mediana explicada ${Date.now()}`;
  await signInAs(page, 'admin');
  await page.goto('/admin/news');
  await page.getByTestId('admin-news-new').click();
  await expect(page).toHaveURL(/\/admin\/news\/new$/);

  await page.getByTestId('editor-title').fill(title);
  await page.getByTestId('editor-summary').fill('Qué es la mediana y por qué la usamos.');
  await page.getByTestId('editor-categories').fill('methodology, e2e');
  await page.getByTestId('editor-body').fill('## Cómo se calcula\n\nLa **mediana** deja a la mitad por encima. <script>window.__pwned = 1</script>');

  // The live preview is the server's sanitised rendering.
  const preview = page.getByTestId('editor-preview');
  await expect(preview.locator('h2')).toHaveText('Cómo se calcula');
  await expect(preview).toContainText('<script>');
  expect(await preview.locator('script').count()).toBe(0);

  // A file that is not an image is refused before it is sent; a PNG is uploaded.
  await page.getByTestId('editor-cover-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByTestId('editor-cover-help')).toHaveText('La imagen debe ser PNG, JPEG o WebP.');
  await page.getByTestId('editor-cover-input').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('editor-cover')).toHaveAttribute('src', /^\/media\/news\/[a-f0-9]{40}\.png$/);

  await page.getByTestId('editor-publish').click();
  await expect(page).toHaveURL(/\/admin\/news\/[A-Za-z0-9]{20,}$/);
  await expect(page.getByTestId('editor-status')).toHaveAttribute('data-status', 'published');

  // On the blog, newest first, and on its own page.
  await page.goto('/blog');
  const card = page.getByTestId('news-card').filter({ hasText: title });
  await expect(card).toBeVisible();
  await card.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/post-detail\/la-mediana-explicada-\d+$/);
  await expectPostPage(page, title);
  const address = new URL(page.url()).pathname;

  // A visitor who is not signed in.
  const visitor = await browser.newContext({ locale: 'es-ES' });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto('/blog');
  await expect(visitorPage.getByTestId('news-card').filter({ hasText: title })).toBeVisible();
  await visitorPage.goto(address);
  await expectPostPage(visitorPage, title);
  // The feed and the sitemap list it.
  const feed = await visitorPage.request.get('/rss/blog.xml?language=es');
  expect(await feed.text()).toContain(`<title>${title}</title>`);
  const sitemap = await visitorPage.request.get('/sitemap.xml');
  expect(await sitemap.text()).toContain(address);
  await visitor.close();
});

test('an admin unpublishes a post and deletes it through the confirm modal; readers no longer see it', async ({ page, browser }) => {
  const title = `Borrador temporal ${Date.now()}`;
  await signInAs(page, 'admin');
  await page.goto('/admin/news/new');
  await page.getByTestId('editor-title').fill(title);
  await page.getByTestId('editor-body').fill('Texto.');
  // Nothing to publish without a body is caught before saving; here the draft is complete.
  await page.getByTestId('editor-publish').click();
  await expect(page.getByTestId('editor-status')).toHaveAttribute('data-status', 'published');
  const slug = (await page.getByTestId('editor-view-post').getAttribute('href'))!;

  await page.getByTestId('editor-save-draft').click();
  await expect(page.getByTestId('editor-status')).toHaveAttribute('data-status', 'draft');
  const visitor = await browser.newContext({ locale: 'es-ES' });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(slug);
  await expect(visitorPage.getByTestId('post-not-found')).toBeVisible();
  await visitor.close();

  await page.getByTestId('editor-delete').click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await dialog
    .getByRole('button', { name: /eliminar/i })
    .last()
    .click();
  await expect(page).toHaveURL(/\/admin\/news$/);
  await expect(page.getByTestId('admin-news-table').getByText(title)).toHaveCount(0);
});
