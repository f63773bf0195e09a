// What the server needs to know about the web app's paths (its route table, src/domain/routes.ts): which
// paths are the app's pages (200 with index.html), which look like pages but are not (404 with index.html,
// so the app shows its not-found page) and which are neither (a plain 404: `/wp-login.php`,
// `/assets/missing.js`); the robots.txt that lets crawlers read the public pages only, and the sitemap of those pages.
import { appRoutes, type AppRoute } from '../../domain/routes';

/** `comparison/:id` → /^\/comparison\/[^/]+\/?$/i (React Router matches paths case-insensitively). */
function routePattern(path: string): RegExp {
  const segments = path.split('/').map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^/${segments.join('/')}/?$`, 'i');
}

/** A matcher of the app's own pages: the root (it redirects to /home) and every route of the table. */
export function appPathMatcher(routes: readonly AppRoute[] = appRoutes): (pathname: string) => boolean {
  const patterns = routes.map((route) => routePattern(route.path));
  return (pathname) => pathname === '/' || patterns.some((pattern) => pattern.test(pathname));
}

/**
 * Whether an unknown path looks like a page (no file extension, not under /assets/): the app answers it
 * with its not-found page; anything else gets a plain 404.
 */
export function looksLikePage(pathname: string): boolean {
  if (/^\/assets(\/|$)/i.test(pathname)) return false;
  const last = pathname.split('/').pop() ?? '';
  return !last.includes('.');
}

/**
 * Signed-in pages crawlers may still read: the signed-in /comparison is measured by Lighthouse's
 * SEO audit, which fails a page robots.txt blocks. A crawler only ever sees the sign-in page there.
 */
const CRAWLABLE_SIGNED_IN = new Set(['comparison']);

/** The path prefix robots.txt names for a route: up to its first parameter (`comparison/:id` → /comparison/). */
function robotsPrefix(path: string): string {
  const cut = path.indexOf(':');
  return `/${cut === -1 ? path : path.slice(0, cut)}`;
}

/** The prefixes not already covered by a shorter one of the list (/admin covers /admin/stats). */
function outermost(prefixes: string[]): string[] {
  const unique = [...new Set(prefixes)];
  return unique.filter((prefix) => !unique.some((other) => other !== prefix && prefix.startsWith(other)));
}

/**
 * robots.txt: everything allowed but the API and the pages behind sign-in. A public page whose path starts
 * with a disallowed one (/register/individual under /register) is allowed again by name; the longest
 * matching rule wins (RFC 9309).
 */
export function robotsTxt(routes: readonly AppRoute[] = appRoutes, sitemapUrl?: string): string {
  const isPrivate = (route: AppRoute) => route.guards.includes('signed-in') && !CRAWLABLE_SIGNED_IN.has(route.path);
  const disallowed = outermost(routes.filter(isPrivate).map((route) => robotsPrefix(route.path)));
  const reallowed = outermost(
    routes
      .filter((route) => !isPrivate(route))
      .map((route) => robotsPrefix(route.path))
      .filter((prefix) => disallowed.some((blocked) => prefix !== blocked && prefix.startsWith(blocked))),
  );
  return [
    '# Paybench: the public pages may be read; the API and the pages behind sign-in may not.',
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    ...disallowed.map((prefix) => `Disallow: ${prefix}`),
    ...reallowed.map((prefix) => `Allow: ${prefix}`),
    ...(sitemapUrl ? ['', `Sitemap: ${sitemapUrl}`] : []),
    '',
  ].join('\n');
}

/**
 * Public pages that are not content to be found by a search: sign-in forms, the questionnaire's later steps
 * (its start is listed), the return page of the payment provider, the editor mode.
 */
const NOT_IN_SITEMAP = new Set([
  'login',
  'reset-password',
  'register/individual/complete',
  'checkout/return',
  'my-form-editor',
  'steps/1',
  'steps/2',
  'steps/3',
  'steps/4',
  'steps/5',
  'steps/done',
]);

/** The paths of the sitemap: every page anyone may open without signing in, that has no parameter. */
export function sitemapPaths(routes: readonly AppRoute[] = appRoutes): string[] {
  return routes
    .filter((route) => route.guards.every((guard) => guard === 'public' || guard === 'auth-ready'))
    .filter((route) => route.view.kind !== 'redirect' && !route.path.includes(':') && !NOT_IN_SITEMAP.has(route.path))
    .map((route) => `/${route.path}`);
}

const xmlText = (text: string) => text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string);

export interface SitemapEntry {
  /** Site path, e.g. /post-detail/como-leer-una-mediana. */
  path: string;
  lastModified?: string;
}

/** sitemap.xml (sitemaps.org 0.9) of absolute URLs under `origin`. */
export function sitemapXml(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map(
    ({ path, lastModified }) => `  <url><loc>${xmlText(origin + path)}</loc>${lastModified ? `<lastmod>${xmlText(lastModified)}</lastmod>` : ''}</url>`,
  );
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}
