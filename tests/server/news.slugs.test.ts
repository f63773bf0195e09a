// Post slugs stay unique when admins create or retitle posts with one title at the same time.
// The slug used to be read then written without a lock: on PostgreSQL parallel requests collided on the unique
// index and answered 500. Parallel requests over the real app and database (both engines).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/testApp';
import type { components } from '../../src/api/schema';

type Post = components['schemas']['Post'];

let t: TestApp;
let admin: { authorization: string };

beforeAll(async () => {
  t = await startTestApp();
  const user = await t.createUser({ roles: ['admin'] });
  admin = (await t.signIn(user.email)).headers;
});
afterAll(async () => t.close());

const input = (title: string, status: 'draft' | 'published' = 'published') => ({
  title,
  summary: 'Resumen',
  body: 'Texto.',
  categories: ['methodology'],
  language: 'es',
  typepost: 'blog',
  status,
});

const PARALLEL = 6;

describe('slugs under concurrency', () => {
  it('six parallel creates with one title: all 201, six distinct slugs from the title', async () => {
    const title = 'Salarios en paralelo';
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () => t.app.inject({ method: 'POST', url: '/api/news', headers: admin, payload: input(title) })),
    );
    expect(
      answers.map((res) => res.statusCode),
      answers.map((res) => res.body).join('\n'),
    ).toEqual(Array(PARALLEL).fill(201));
    const slugs = answers.map((res) => res.json<Post>().slug).sort();
    expect(new Set(slugs).size).toBe(PARALLEL);
    expect(slugs).toEqual(['salarios-en-paralelo', ...Array.from({ length: PARALLEL - 1 }, (_, i) => `salarios-en-paralelo-${i + 2}`)].sort());
    const [{ n }] = await t.database.execute<{ n: number }>(`select count(*)::int as n from news_posts where title = $1`, [title]);
    expect(n).toBe(PARALLEL);
  });

  it('six drafts retitled in parallel to one title: all 200, six distinct slugs', async () => {
    const drafts: Post[] = [];
    for (let i = 0; i < PARALLEL; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/news', headers: admin, payload: input(`Borrador ${i}`, 'draft') });
      expect(res.statusCode).toBe(201);
      drafts.push(res.json<Post>());
    }
    const answers = await Promise.all(
      drafts.map((draft) => t.app.inject({ method: 'PUT', url: `/api/news/${draft.id}`, headers: admin, payload: input('Título común', 'draft') })),
    );
    expect(
      answers.map((res) => res.statusCode),
      answers.map((res) => res.body).join('\n'),
    ).toEqual(Array(PARALLEL).fill(200));
    const slugs = answers.map((res) => res.json<Post>().slug);
    expect(new Set(slugs).size).toBe(PARALLEL);
    for (const slug of slugs) expect(slug).toMatch(/^titulo-comun(-[2-6])?$/);
    const stored = await t.database.execute<{ slug: string }>(`select slug from news_posts where id = any($1)`, [drafts.map((d) => d.id)]);
    expect(stored.map((row) => row.slug).sort()).toEqual([...slugs].sort());
  });

  it('creates and retitles at once, across titles whose slugs overlap ("x" then "x 2"): no collision', async () => {
    const first = await t.app.inject({ method: 'POST', url: '/api/news', headers: admin, payload: input('Solape') });
    expect(first.statusCode).toBe(201);
    const draft = await t.app.inject({ method: 'POST', url: '/api/news', headers: admin, payload: input('Otro borrador', 'draft') });
    // "Solape" again would take solape-2; "Solape 2" is solape-2 by its own title.
    const answers = await Promise.all([
      t.app.inject({ method: 'POST', url: '/api/news', headers: admin, payload: input('Solape') }),
      t.app.inject({ method: 'POST', url: '/api/news', headers: admin, payload: input('Solape 2') }),
      t.app.inject({ method: 'PUT', url: `/api/news/${draft.json<Post>().id}`, headers: admin, payload: input('Solape', 'draft') }),
      t.app.inject({ method: 'POST', url: '/api/news', headers: admin, payload: input('Solape 2') }),
    ]);
    expect(
      answers.map((res) => res.statusCode),
      answers.map((res) => res.body).join('\n'),
    ).toEqual([201, 201, 200, 201]);
    const slugs = [first.json<Post>().slug, ...answers.map((res) => res.json<Post>().slug)];
    expect(new Set(slugs).size).toBe(slugs.length);
  });
});
