// Delivery: compressed answers (precompressed static files, API answers compressed on the fly)
// as Accept-Encoding asks, cache headers, robots.txt, 404 for what is not the app's, 200 for its pages.
// The web app is a small build-like folder, precompressed by the build's own step (scripts/vite-precompress).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { startTestApp, type TestApp } from './helpers/testApp';
import { precompressDirectory } from '../../scripts/vite-precompress';
import { appRoutes } from '../../src/domain/routes';

const INDEX_HTML = `<!doctype html><html lang="es"><head><title>Paybench</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;
const ASSET = `export const figures = [${Array.from({ length: 400 }, (_, i) => i * 7).join(',')}];\n`.repeat(4);
const ASSET_URL = '/assets/app-abc123.js';

let webDir: string;
let t: TestApp;
beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'paybench-web-'));
  writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, ASSET_URL), ASSET);
  writeFileSync(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await precompressDirectory(webDir);
  t = await startTestApp({ WEB_DIR: webDir });
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }), ...headers } });

/** The body as the browser sees it after undoing the content-encoding. */
function decoded(response: LightMyRequestResponse): string {
  const raw = response.rawPayload;
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(raw).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(raw).toString('utf8');
  expect(encoding).toBeUndefined();
  return raw.toString('utf8');
}

describe('compression of static files (the build precompresses them)', () => {
  it('sends the brotli copy to a browser that accepts br, smaller than the file', async () => {
    const response = await get(ASSET_URL, 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBeLessThan(ASSET.length / 3);
    expect(decoded(response)).toBe(ASSET);
  });

  it('sends the gzip copy when only gzip is accepted', async () => {
    const response = await get(ASSET_URL, 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(decoded(response)).toBe(ASSET);
  });

  it('sends the file as it is without Accept-Encoding or with identity', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const response = await get(ASSET_URL, acceptEncoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body).toBe(ASSET);
    }
  });

  it('compresses index.html for app pages too', async () => {
    const response = await get('/steps/3', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(decoded(response)).toBe(INDEX_HTML);
  });
});

describe('compression of API answers', () => {
  it('compresses a large answer as asked: br, gzip, or not at all', async () => {
    const plain = await get('/api/forms/questionnaire', 'identity');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await get('/api/forms/questionnaire', 'br;q=1, gzip;q=0.5');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.body.length);
    expect(JSON.parse(decoded(br))).toEqual(plain.json());

    const gzip = await get('/api/forms/questionnaire', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(gzip))).toEqual(plain.json());
  });

  it('leaves a tiny answer uncompressed', async () => {
    const response = await get('/api/health', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.body.length).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});

describe('cache headers', () => {
  it('caches fingerprinted assets for a year, immutable, whatever the encoding', async () => {
    for (const acceptEncoding of ['br', 'gzip', 'identity']) {
      expect((await get(ASSET_URL, acceptEncoding)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('has index.html revalidated on every app page and on the not-found page', async () => {
    for (const url of ['/', '/home', '/steps', '/no-such-page']) {
      for (const acceptEncoding of ['br', 'identity']) {
        expect((await get(url, acceptEncoding)).headers['cache-control']).toBe('no-cache');
      }
    }
  });
});

describe('robots.txt', () => {
  it('is a text file that keeps crawlers out of the API and the signed-in pages', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const lines = response.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain('Disallow: /my-account');
    expect(lines).toContain('Disallow: /admin');
    // /register (corporate user management) is private, the individual registration under it is not.
    expect(lines).toContain('Disallow: /register');
    expect(lines).toContain('Allow: /register/individual');
    // Public pages are not blocked; the sitemap is named by its absolute address.
    for (const line of lines.filter((l) => l.startsWith('Disallow: '))) {
      const prefix = line.slice('Disallow: '.length);
      for (const pub of ['/home', '/steps', '/steps/3', '/demo-comparison', '/faqs', '/login']) expect(pub.startsWith(prefix)).toBe(false);
    }
    expect(lines.filter((line) => /sitemap/i.test(line))).toEqual([`Sitemap: ${t.config.publicUrl}/sitemap.xml`]);
    expect(response.body).not.toContain('<');
  });
});

describe('404 for what is not the app', () => {
  it.each(['/wp-login.php', '/foo.php', '/assets/missing.js', '/nonexistent-file.txt', '/assets/'])('%s is a plain 404', async (url) => {
    const response = await get(url, 'br');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<div id="root">');
  });

  it('an unknown page-like path gets the app (its not-found page) with status 404', async () => {
    for (const url of ['/no-such-page', '/steps/9', '/home/extra', '/comparison/a/b']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toBe(INDEX_HTML);
    }
  });

  it('an unknown API path is the contract’s JSON 404', async () => {
    const response = await get('/api/no-such-thing');
    expect(response.statusCode).toBe(404);
    expect(response.json().errorCode).toBe('NOT_FOUND');
  });
});

describe('the app’s pages', () => {
  it('answers every route of the route table with index.html and 200', async () => {
    const concrete = appRoutes.map((route) => `/${route.path.replace(/:[^/]+/g, 'abc123')}`);
    for (const url of ['/', ...concrete, '/HOME', '/steps/3/', '/home?id=campaign']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toBe(INDEX_HTML);
    }
  });

  it('serves other files of the build as they are', async () => {
    const response = await get('/favicon.svg');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(readFileSync(path.join(webDir, 'favicon.svg'), 'utf8'));
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});
