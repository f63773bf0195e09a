// Posts on the real app and database: the news calls and who may make them, drafts and
// scheduled posts hidden from readers until their time, slugs, related posts and category counts, the cover
// image upload (type by content, size) and its caching, the RSS feeds and the sitemap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/testApp';
import type { components } from '../../src/api/schema';

type Post = components['schemas']['Post'];
type Headers = Record<string, string>;

let t: TestApp;
const callers: Record<'anonymous' | 'member' | 'corporate' | 'admin', Headers> = { anonymous: {}, member: {}, corporate: {}, admin: {} };
let adminEmail: string;

beforeAll(async () => {
  t = await startTestApp();
  for (const role of ['member', 'corporate', 'admin'] as const) {
    const user = await t.createUser({ roles: [role] });
    if (role === 'admin') adminEmail = user.email;
    callers[role] = (await t.signIn(user.email)).headers;
  }
});
afterAll(async () => t.close());

const HOUR = 3_600_000;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR-fake-but-signed-png-bytes')]);

function postInput(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Cómo leer una mediana',
    summary: 'Resumen',
    body: 'Texto **importante**.',
    categories: ['methodology'],
    language: 'es',
    typepost: 'blog',
    ...overrides,
  };
}

async function create(overrides: Record<string, unknown> = {}): Promise<Post> {
  const res = await t.app.inject({ method: 'POST', url: '/api/news', headers: callers.admin, payload: postInput(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Post>();
}

function multipart(fieldName: string, filename: string, contentType: string, content: Buffer) {
  const boundary = '----paybench-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${fieldName}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (headers: Headers, name = 'cover.png', type = 'image/png', content = PNG) => {
  const body = multipart('file', name, type, content);
  return t.app.inject({ method: 'POST', url: '/api/news/images', headers: { ...headers, ...body.headers }, payload: body.payload });
};

describe('permissions of the news calls', () => {
  let post: Post;
  beforeAll(async () => {
    post = await create({ title: 'Permission table post' });
  });

  // Expected status per caller: readers may read; only admins write, preview, upload and see drafts.
  const table: Array<[string, () => Promise<{ statusCode: number }>, Record<keyof typeof callers, number>]> = [
    ['listNews', async () => ({ statusCode: 0 }), { anonymous: 200, member: 200, corporate: 200, admin: 200 }],
    ['listNews status=all', async () => ({ statusCode: 0 }), { anonymous: 403, member: 403, corporate: 403, admin: 200 }],
    ['getNews', async () => ({ statusCode: 0 }), { anonymous: 200, member: 200, corporate: 200, admin: 200 }],
    ['getRelevateCategories', async () => ({ statusCode: 0 }), { anonymous: 200, member: 200, corporate: 200, admin: 200 }],
    ['createNews', async () => ({ statusCode: 0 }), { anonymous: 401, member: 403, corporate: 403, admin: 201 }],
    ['updateNews', async () => ({ statusCode: 0 }), { anonymous: 401, member: 403, corporate: 403, admin: 200 }],
    ['deleteNews', async () => ({ statusCode: 0 }), { anonymous: 401, member: 403, corporate: 403, admin: 204 }],
    ['previewNews', async () => ({ statusCode: 0 }), { anonymous: 401, member: 403, corporate: 403, admin: 200 }],
    ['uploadNewsImage', async () => ({ statusCode: 0 }), { anonymous: 401, member: 403, corporate: 403, admin: 201 }],
  ];

  const call = async (name: string, headers: Headers) => {
    switch (name) {
      case 'listNews':
        return t.app.inject({ method: 'GET', url: '/api/news', headers });
      case 'listNews status=all':
        return t.app.inject({ method: 'GET', url: '/api/news?status=all', headers });
      case 'getNews':
        return t.app.inject({ method: 'GET', url: `/api/news/${post.id}`, headers });
      case 'getRelevateCategories':
        return t.app.inject({ method: 'GET', url: '/api/news/relevate-categories?typepost=blog', headers });
      case 'createNews':
        return t.app.inject({ method: 'POST', url: '/api/news', headers, payload: postInput({ title: 'Created in the permission table' }) });
      case 'updateNews':
        return t.app.inject({ method: 'PUT', url: `/api/news/${post.id}`, headers, payload: postInput({ title: 'Permission table post' }) });
      case 'deleteNews': {
        const victim = await create({ title: 'To delete' });
        return t.app.inject({ method: 'DELETE', url: `/api/news/${victim.id}`, headers });
      }
      case 'previewNews':
        return t.app.inject({ method: 'POST', url: '/api/news/preview', headers, payload: { body: '# Hola' } });
      case 'uploadNewsImage':
        return upload(headers);
    }
    throw new Error(name);
  };

  for (const [name, , expected] of table) {
    for (const caller of Object.keys(callers) as Array<keyof typeof callers>) {
      it(`${name} as ${caller} → ${expected[caller]}`, async () => {
        const res = await call(name, callers[caller]);
        expect(res.statusCode, res.body).toBe(expected[caller]);
      });
    }
  }
});

describe('posts', () => {
  it('creates a post with a slug from its title, unique, and an audit record', async () => {
    const first = await create({ title: '¿Qué es la Retribución Diferida?' });
    const second = await create({ title: '¿Qué es la retribución diferida?' });
    expect(first.slug).toBe('que-es-la-retribucion-diferida');
    expect(second.slug).toBe('que-es-la-retribucion-diferida-2');
    expect(first).toMatchObject({ status: 'published', author: 'Equipo Paybench', typepost: 'blog', language: 'es', imageUrl: null });
    const audit = await t.database.execute<{ action: string; actor_email: string }>(`select action, actor_email from audit_log where target_id = $1`, [
      first.id,
    ]);
    expect(audit).toEqual([{ action: 'news.create', actor_email: adminEmail }]);
  });

  it('getNews finds a post by id or slug, with the body rendered to sanitised HTML', async () => {
    const post = await create({ title: 'Rendered body', body: '## Hola\n\n<script>alert(1)</script> [x](javascript:alert(1))' });
    for (const key of [post.id, post.slug]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/news/${key}` });
      expect(res.statusCode).toBe(200);
      const body = res.json<Post>();
      expect(body.id).toBe(post.id);
      expect(body.html).toContain('<h2>Hola</h2>');
      expect(body.html).not.toMatch(/<script|href="javascript/i);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/news/no-such-post' })).statusCode).toBe(404);
  });

  it('drafts and scheduled posts are invisible to readers, visible to admins, and a scheduled one appears when its date passes', async () => {
    const draft = await create({ title: 'Secret draft', status: 'draft', categories: ['hidden-cat'] });
    const scheduled = await create({
      title: 'Future post',
      status: 'scheduled',
      publishedAt: new Date(Date.now() + 24 * HOUR).toISOString(),
      categories: ['hidden-cat'],
    });
    expect(draft.status).toBe('draft');
    expect(scheduled.status).toBe('scheduled');

    for (const caller of ['anonymous', 'member', 'corporate'] as const) {
      for (const post of [draft, scheduled]) {
        expect((await t.app.inject({ method: 'GET', url: `/api/news/${post.id}`, headers: callers[caller] })).statusCode).toBe(404);
        expect((await t.app.inject({ method: 'GET', url: `/api/news/${post.slug}`, headers: callers[caller] })).statusCode).toBe(404);
      }
      const list = (await t.app.inject({ method: 'GET', url: '/api/news?limit=100', headers: callers[caller] })).json<{ items: Post[] }>();
      expect(list.items.map((p) => p.id)).not.toContain(draft.id);
      expect(list.items.map((p) => p.id)).not.toContain(scheduled.id);
      const categories = (await t.app.inject({ method: 'GET', url: '/api/news/relevate-categories', headers: callers[caller] })).json();
      expect(categories.items.map((c: { category: string }) => c.category)).not.toContain('hidden-cat');
      const search = (await t.app.inject({ method: 'GET', url: '/api/news?query=Secret', headers: callers[caller] })).json();
      expect(search.total).toBe(0);
    }
    // Admins see them on request, and by id.
    expect((await t.app.inject({ method: 'GET', url: `/api/news/${draft.id}`, headers: callers.admin })).statusCode).toBe(200);
    const drafts = (await t.app.inject({ method: 'GET', url: '/api/news?status=draft&limit=100', headers: callers.admin })).json<{ items: Post[] }>();
    expect(drafts.items.map((p) => p.id)).toContain(draft.id);
    expect(drafts.items.every((p) => p.status === 'draft')).toBe(true);
    const upcoming = (await t.app.inject({ method: 'GET', url: '/api/news?status=scheduled', headers: callers.admin })).json<{ items: Post[] }>();
    expect(upcoming.items.map((p) => p.id)).toEqual([scheduled.id]);
    // Even an admin's public list shows published posts only.
    const adminDefault = (await t.app.inject({ method: 'GET', url: '/api/news?limit=100', headers: callers.admin })).json<{ items: Post[] }>();
    expect(adminDefault.items.every((p) => p.status === 'published')).toBe(true);

    // Its date passes: readers see it without anyone touching it again.
    await t.database.execute(`update news_posts set published_at = now() - interval '1 minute' where id = $1`, [scheduled.id]);
    const now = await t.app.inject({ method: 'GET', url: `/api/news/${scheduled.slug}` });
    expect(now.statusCode).toBe(200);
    expect(now.json().status).toBe('published');
  });

  it('refuses to schedule in the past, and a published post with a future date is scheduled', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/news',
      headers: callers.admin,
      payload: postInput({ status: 'scheduled', publishedAt: new Date(Date.now() - HOUR).toISOString() }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('SCHEDULE_IN_PAST');
    const later = await create({ title: 'Published later', publishedAt: new Date(Date.now() + HOUR).toISOString() });
    expect(later.status).toBe('scheduled');
  });

  it('validates the input against the contract (empty title, unknown type, unknown field)', async () => {
    for (const payload of [postInput({ title: '' }), postInput({ typepost: 'video' }), postInput({ extra: 1 }), postInput({ categories: ['Not A Code'] })]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/news', headers: callers.admin, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('updates a post: a draft follows its new title, a published post keeps its address; publish and unpublish', async () => {
    const draft = await create({ title: 'First working title', status: 'draft' });
    const renamed = (
      await t.app.inject({ method: 'PUT', url: `/api/news/${draft.id}`, headers: callers.admin, payload: postInput({ title: 'Final title', status: 'draft' }) })
    ).json<Post>();
    expect(renamed.slug).toBe('final-title');
    const published = (
      await t.app.inject({
        method: 'PUT',
        url: `/api/news/${draft.id}`,
        headers: callers.admin,
        payload: postInput({ title: 'Final title', status: 'published' }),
      })
    ).json<Post>();
    expect(published.status).toBe('published');
    const retitled = (
      await t.app.inject({
        method: 'PUT',
        url: `/api/news/${draft.id}`,
        headers: callers.admin,
        payload: postInput({ title: 'Another title', status: 'published' }),
      })
    ).json<Post>();
    expect(retitled.slug).toBe('final-title');
    expect(retitled.title).toBe('Another title');
    const unpublished = (
      await t.app.inject({
        method: 'PUT',
        url: `/api/news/${draft.id}`,
        headers: callers.admin,
        payload: postInput({ title: 'Another title', status: 'draft' }),
      })
    ).json<Post>();
    expect(unpublished.status).toBe('draft');
    expect((await t.app.inject({ method: 'GET', url: `/api/news/${draft.id}` })).statusCode).toBe(404);
    const missing = await t.app.inject({ method: 'PUT', url: `/api/news/${'x'.repeat(24)}`, headers: callers.admin, payload: postInput() });
    expect(missing.statusCode).toBe(404);
  });

  it('deletes a post (404 after, and a second delete is 404) with an audit record', async () => {
    const post = await create({ title: 'Short-lived' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/news/${post.id}`, headers: callers.admin })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/news/${post.id}`, headers: callers.admin })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/news/${post.id}`, headers: callers.admin })).statusCode).toBe(404);
    const audit = await t.database.execute<{ action: string }>(`select action from audit_log where target_id = $1 order by created_at`, [post.id]);
    expect(audit.map((a) => a.action)).toEqual(['news.create', 'news.delete']);
  });
});

describe('lists, categories and related posts', () => {
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    const day = 24 * HOUR;
    const base = Date.now() - 30 * day;
    const at = (d: number) => new Date(base + d * day).toISOString();
    ids.a = (await create({ title: 'Insight A', typepost: 'insight', categories: ['pay', 'sectors'], language: 'en', publishedAt: at(1) })).id;
    ids.b = (await create({ title: 'Insight B', typepost: 'insight', categories: ['pay'], language: 'en', publishedAt: at(2) })).id;
    ids.c = (await create({ title: 'Insight C', typepost: 'insight', categories: ['pay', 'sectors'], language: 'en', publishedAt: at(3) })).id;
    ids.d = (await create({ title: 'Insight D', typepost: 'insight', categories: ['sectors'], language: 'es', publishedAt: at(4) })).id;
    ids.e = (await create({ title: 'Insight E draft', typepost: 'insight', categories: ['pay'], language: 'en', status: 'draft' })).id;
  });

  it('pages newest first and filters by type, category and language', async () => {
    const page1 = (await t.app.inject({ method: 'GET', url: '/api/news?typepost=insight&language=en&limit=2&page=1' })).json();
    expect(page1.items.map((p: Post) => p.title)).toEqual(['Insight C', 'Insight B']);
    expect(page1.total).toBe(3);
    const page2 = (await t.app.inject({ method: 'GET', url: '/api/news?typepost=insight&language=en&limit=2&page=2' })).json();
    expect(page2.items.map((p: Post) => p.title)).toEqual(['Insight A']);
    const beyond = (await t.app.inject({ method: 'GET', url: '/api/news?typepost=insight&language=en&limit=2&page=9' })).json();
    expect(beyond).toMatchObject({ items: [], total: 3, page: 9 });
    const sectors = (await t.app.inject({ method: 'GET', url: '/api/news?typepost=insight&category=sectors' })).json();
    expect(sectors.items.map((p: Post) => p.title)).toEqual(['Insight D', 'Insight C', 'Insight A']);
  });

  it('counts the categories of published posts, most used first', async () => {
    const all = (await t.app.inject({ method: 'GET', url: '/api/news/relevate-categories?typepost=insight' })).json();
    expect(all.items).toEqual([
      { category: 'pay', count: 3 },
      { category: 'sectors', count: 3 },
    ]);
    const english = (await t.app.inject({ method: 'GET', url: '/api/news/relevate-categories?typepost=insight&language=en' })).json();
    expect(english.items).toEqual([
      { category: 'pay', count: 3 },
      { category: 'sectors', count: 2 },
    ]);
  });

  it('related posts share a category, type and language; the most categories in common first; never drafts', async () => {
    const detail = (await t.app.inject({ method: 'GET', url: `/api/news/${ids.a}` })).json<Post>();
    expect(detail.related?.map((p) => p.title)).toEqual(['Insight C', 'Insight B']);
  });
});

describe('cover images', () => {
  it('stores a PNG and serves it with a year-long immutable cache', async () => {
    const res = await upload(callers.admin);
    expect(res.statusCode, res.body).toBe(201);
    const { url, contentType, size } = res.json();
    expect(url).toMatch(/^\/media\/news\/[a-f0-9]{40}\.png$/);
    expect(contentType).toBe('image/png');
    expect(size).toBe(PNG.length);
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.rawPayload.equals(PNG)).toBe(true);
  });

  it('recognises JPEG and WebP by content', async () => {
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('jfif-body')]);
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x20, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.from('data')]);
    expect((await upload(callers.admin, 'photo.bin', 'application/octet-stream', jpeg)).json().contentType).toBe('image/jpeg');
    expect((await upload(callers.admin, 'x', 'image/png', webp)).json().contentType).toBe('image/webp');
  });

  it('refuses what is not a PNG, JPEG or WebP, whatever its name says', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    const gif = Buffer.from('GIF89a....');
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    for (const content of [svg, gif, html]) {
      const res = await upload(callers.admin, 'cover.png', 'image/png', content);
      expect(res.statusCode).toBe(415);
      expect(res.json().errorCode).toBe('IMAGE_TYPE');
    }
  });

  it('refuses an image over 2 MB, an empty upload and a JSON body', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await upload(callers.admin, 'big.png', 'image/png', big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().errorCode).toBe('IMAGE_TOO_LARGE');
    expect((await upload(callers.admin, 'empty.png', 'image/png', Buffer.alloc(0))).statusCode).toBe(400);
    const json = await t.app.inject({ method: 'POST', url: '/api/news/images', headers: callers.admin, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
  });

  it('a name that is not a stored image is a 404 (no path leaves the folder)', async () => {
    for (const url of ['/media/news/../../secrets.json', '/media/news/%2e%2e%2fsecrets.json', '/media/news/abc.png']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});

describe('RSS feeds and the sitemap', () => {
  let post: Post;
  beforeAll(async () => {
    post = await create({ title: 'Feed <item> & "quotes"', summary: 'Sum & <b>mary</b>', typepost: 'news', language: 'en', categories: ['survey'] });
    await create({ title: 'Feed draft', typepost: 'news', language: 'en', status: 'draft' });
  });

  it('serves an RSS 2.0 feed per type, escaped, published posts only, with caching headers and 304', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/rss/news.xml?language=en' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/rss\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=600');
    expect(res.body).toContain('<rss version="2.0"');
    expect(res.body).toContain('<language>en</language>');
    expect(res.body).toContain('<title>Feed &lt;item&gt; &amp; &quot;quotes&quot;</title>');
    expect(res.body).toContain(`<link>${t.config.publicUrl}/post-detail/${post.slug}</link>`);
    expect(res.body).toContain('<description>Sum &amp; &lt;b&gt;mary&lt;/b&gt;</description>');
    expect(res.body).toContain('<category>survey</category>');
    expect(res.body).not.toContain('Feed draft');
    const again = await t.app.inject({ method: 'GET', url: '/rss/news.xml?language=en', headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect((await t.app.inject({ method: 'GET', url: '/rss/podcast.xml' })).statusCode).toBe(404);
    const spanish = await t.app.inject({ method: 'GET', url: '/rss/news.xml?language=es' });
    expect(spanish.body).not.toContain('Feed &lt;item&gt;');
  });

  it('lists the public pages and the published posts in sitemap.xml, not the private pages or drafts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].slice(t.config.publicUrl.length));
    for (const path of ['/home', '/blog', '/insights', '/faqs', '/demo-comparison', `/post-detail/${post.slug}`]) expect(locs).toContain(path);
    for (const path of ['/admin', '/admin/stats', '/my-account', '/comparison', '/login', '/settings', '/post-detail/feed-draft'])
      expect(locs).not.toContain(path);
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toContain(`Sitemap: ${t.config.publicUrl}/sitemap.xml`);
  });
});
