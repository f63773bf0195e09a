// Per-page title, description and Open Graph tags. The app layout names the section in the document title
// when the route changes; a page that knows better (a post's own title) sets it after that, and puts back
// what was there when it goes. Crawlers that run scripts (and link previews made from the rendered page)
// read these; the RSS feeds and the sitemap are served by the server.
import { useEffect } from 'react';

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute or site URL of the page's image. */
  image?: string | null;
  type?: 'website' | 'article';
}

const NAMED: Array<[attribute: 'name' | 'property', key: string, pick: (meta: PageMeta, url: string) => string | null]> = [
  ['name', 'description', (meta) => meta.description],
  ['property', 'og:title', (meta) => meta.title],
  ['property', 'og:description', (meta) => meta.description],
  ['property', 'og:type', (meta) => meta.type ?? 'website'],
  ['property', 'og:url', (_meta, url) => url],
  ['property', 'og:image', (meta) => (meta.image ? new URL(meta.image, window.location.origin).href : null)],
  ['name', 'twitter:card', (meta) => (meta.image ? 'summary_large_image' : 'summary')],
];

export function usePageMeta(meta: PageMeta | null, language: string) {
  const { title, description, image, type } = meta ?? { title: '', description: '' };
  useEffect(() => {
    if (!title) return;
    const url = window.location.origin + window.location.pathname;
    const previousTitle = document.title;
    const restore: Array<() => void> = [];
    // After the layout's own title effect of this commit (effects run child first, then parent).
    const apply = () => {
      document.title = `${title} · Paybench`;
      for (const [attribute, key, pick] of NAMED) {
        const value = pick({ title, description, image, type }, url);
        let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
        const created = !element;
        const before = element?.getAttribute('content') ?? null;
        if (value === null) {
          if (element && !created) {
            element.remove();
            const removed = element;
            restore.push(() => document.head.appendChild(removed));
          }
          continue;
        }
        if (!element) {
          element = document.createElement('meta');
          element.setAttribute(attribute, key);
          document.head.appendChild(element);
        }
        element.setAttribute('content', value);
        const kept = element;
        restore.push(() => (created ? kept.remove() : kept.setAttribute('content', before ?? '')));
      }
    };
    let cancelled = false;
    queueMicrotask(() => {
      if (!cancelled) apply();
    });
    return () => {
      cancelled = true;
      for (const undo of restore.reverse()) undo();
      document.title = previousTitle;
    };
  }, [title, description, image, type, language]);
}
