// Every reader's browser loads a post's cover as <img src>, and imageUrl took `javascript:`,
// `vbscript:`, protocol-relative and internal addresses. Now only an image uploaded here (the url the upload
// answers) or an https: address of a public host: anything else is a 400 naming the cover, on create and on
// update, and nothing is stored. Real app, real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readContract } from '../../src/server/http/contract';
import { coverImageProblem } from '../../src/domain/coverImage';
import { startTestApp, type TestApp } from './helpers/testApp';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await startTestApp();
  admin = (await t.signIn((await t.createUser({ roles: ['admin'] })).email)).headers;
});
afterAll(async () => t.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR-cover-image-test-bytes')]);

const input = (imageUrl: unknown, title = 'Portada de prueba') => ({
  title,
  summary: 'Resumen',
  body: 'Texto.',
  categories: ['methodology'],
  language: 'es',
  imageUrl,
});
const create = (imageUrl: unknown) => t.app.inject({ method: 'POST', url: '/api/news', headers: admin, payload: input(imageUrl) });
const update = (id: string, imageUrl: unknown) => t.app.inject({ method: 'PUT', url: `/api/news/${id}`, headers: admin, payload: input(imageUrl) });
const postCount = async () => Number((await t.database.execute<{ n: string }>('select count(*) as n from news_posts'))[0].n);

async function uploadedUrl(): Promise<string> {
  const boundary = '----cover-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.png"\r\nContent-Type: image/png\r\n\r\n`),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/news/images',
    headers: { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ url: string }>().url;
}

const REFUSED = [
  'javascript:alert(document.cookie)',
  'JavaScript:alert(1)',
  'vbscript:msgbox(1)',
  'data:image/svg+xml;base64,PHN2Zy8+',
  'http://images.example.com/cover.png',
  '//evil.example/cover.png',
  '/\\evil.example/cover.png',
  'https:/\\evil.example/cover.png',
  ' https://images.example.com/cover.png',
  'https://images.example.com/a b.png',
  'https://images.example.com/\ta.png',
  'cover.png',
  '/api/admin/outbox',
  '/media/news/../../secrets.json',
  'https://localhost/cover.png',
  'https://LOCALHOST./cover.png',
  'https://app.localhost/cover.png',
  'https://127.0.0.1/cover.png',
  'https://3232235777/cover.png',
  'https://0x7f.1/cover.png',
  'https://10.0.0.5/cover.png',
  'https://172.16.4.4/cover.png',
  'https://192.168.1.1:8443/cover.png',
  'https://169.254.169.254/latest/meta-data/',
  'https://100.64.0.1/cover.png',
  'https://0.0.0.0/cover.png',
  'https://[::1]/cover.png',
  'https://[fd00::1]/cover.png',
  'https://[fe80::1]/cover.png',
  'https://[::ffff:7f00:1]/cover.png',
  'https://intranet/cover.png',
  'https://printer.local/cover.png',
  'https://db.internal/cover.png',
  'https://user:secret@images.example.com/cover.png',
];

const ACCEPTED = ['https://images.example.com/covers/2026/cover.png?w=800#top', 'https://cdn.example.org:8443/c.webp', 'https://8.8.8.8/cover.png'];

function expectCoverRefusal(res: { statusCode: number; body: string }) {
  expect(res.statusCode, res.body).toBe(400);
  const body = JSON.parse(res.body) as { error: string | string[]; errorCode: string; message?: string };
  // The contract's pattern refuses the shapes (VALIDATION_ERROR naming the field); the server reads the host.
  expect(['VALIDATION_ERROR', 'COVER_IMAGE_URL']).toContain(body.errorCode);
  expect([body.error, body.message].flat().join(' ')).toContain('imageUrl');
}

describe('the cover image of a post', () => {
  it.each(REFUSED)('refuses %j on create and on update, and stores nothing', async (imageUrl) => {
    const before = await postCount();
    expectCoverRefusal(await create(imageUrl));
    expect(await postCount()).toBe(before);

    const made = await create(null);
    expect(made.statusCode, made.body).toBe(201);
    const { id } = made.json<{ id: string }>();
    expectCoverRefusal(await update(id, imageUrl));
    const stored = await t.database.execute<{ image_url: string | null; title: string }>('select image_url, title from news_posts where id = $1', [id]);
    expect(stored).toEqual([{ image_url: null, title: 'Portada de prueba' }]);
  });

  it('an https address of a public host is refused by the server with COVER_IMAGE_URL when it names an internal host', async () => {
    const res = await create('https://169.254.169.254/latest/meta-data/');
    expect(res.json()).toMatchObject({ errorCode: 'COVER_IMAGE_URL' });
    // One translated code, no problem list (the web app shows errors.codes.COVER_IMAGE_URL).
    expect(typeof res.json().error).toBe('string');
  });

  it('accepts the url the upload answered, https addresses of public hosts, and none', async () => {
    const uploaded = await uploadedUrl();
    for (const imageUrl of [uploaded, ...ACCEPTED, null]) {
      const res = await create(imageUrl);
      expect(res.statusCode, `${imageUrl} → ${res.body}`).toBe(201);
      expect(res.json().imageUrl).toBe(imageUrl);
      const { id } = res.json<{ id: string }>();
      const again = await update(id, imageUrl === uploaded ? ACCEPTED[0] : uploaded);
      expect(again.statusCode, again.body).toBe(200);
    }
    // The uploaded image is served where the post points.
    expect((await t.app.inject({ method: 'GET', url: uploaded })).statusCode).toBe(200);
  });

  it("the contract's pattern admits every address the server accepts (it never refuses a good one)", () => {
    const specification = readContract() as {
      components: { schemas: Record<string, { properties: Record<string, { oneOf: Array<{ pattern?: string }> }> }> };
    };
    const pattern = new RegExp(specification.components.schemas.PostInput.properties.imageUrl.oneOf[0].pattern!, 'u');
    for (const url of [`/media/news/${'a1'.repeat(20)}.png`, `/media/news/${'0'.repeat(40)}.jpg`, ...ACCEPTED]) {
      expect(coverImageProblem(url), url).toBeNull();
      expect(pattern.test(url), url).toBe(true);
    }
    for (const url of REFUSED) expect(coverImageProblem(url), url).not.toBeNull();
  });
  it('never sends a cover stored before the rules to a reader: the post shows without one', async () => {
    const res = await create(null);
    expect(res.statusCode, res.body).toBe(201);
    const { id, slug } = res.json<{ id: string; slug: string }>();
    await t.database.execute(`update news_posts set image_url = 'javascript:alert(1)', status = 'published', published_at = now() where id = $1`, [id]);
    for (const url of [`/api/news/${slug}`, `/api/news/${id}`, '/api/news']) {
      const read = await t.app.inject({ method: 'GET', url, headers: admin });
      expect(read.statusCode, `${url}: ${read.body}`).toBe(200);
      if (url !== '/api/news') expect(read.json<{ imageUrl: unknown }>().imageUrl, url).toBeNull();
      else expect(read.body, 'the post is listed').toContain(id);
      expect(read.body, url).not.toContain('javascript:');
    }
  });
});
