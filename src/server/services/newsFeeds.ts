// RSS 2.0 feeds of the visible posts, one per type (/rss/blog.xml, /rss/insight.xml, /rss/news.xml), each
// optionally in one language (?language=es). Texts are XML-escaped; the body is not included (the summary
// is the item's description and the link leads to the post page, where the sanitised body is shown).
import type { Post, Typepost } from './news';

export const FEED_TYPES: readonly Typepost[] = ['blog', 'insight', 'news'];

/** The page listing posts of a type. */
export const listPagePath = (typepost: Typepost) => (typepost === 'insight' ? '/insights' : '/blog');

export const postPath = (post: Pick<Post, 'slug'>) => `/post-detail/${encodeURIComponent(post.slug)}`;

const xmlText = (text: string) =>
  // Characters XML 1.0 cannot carry at all are dropped; the five special ones escaped.
  text
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string);

const CHANNEL: Record<Typepost, Record<'es' | 'en', { title: string; description: string }>> = {
  blog: {
    es: { title: 'Paybench · Blog', description: 'Artículos sobre retribución de directivos y cómo compararla.' },
    en: { title: 'Paybench · Blog', description: 'Articles on executive pay and how to compare it.' },
  },
  insight: {
    es: { title: 'Paybench · Análisis', description: 'Análisis de los datos de retribución de Paybench.' },
    en: { title: 'Paybench · Insights', description: 'Analyses of Paybench pay data.' },
  },
  news: {
    es: { title: 'Paybench · Noticias', description: 'Novedades de Paybench.' },
    en: { title: 'Paybench · News', description: 'Paybench news.' },
  },
};

export function rssXml(origin: string, typepost: Typepost, language: 'es' | 'en' | undefined, posts: Post[]): string {
  const channel = CHANNEL[typepost][language ?? 'es'];
  const selfUrl = `${origin}/rss/${typepost}.xml${language ? `?language=${language}` : ''}`;
  const newest = posts[0]?.publishedAt;
  const items = posts.map((post) => {
    const link = origin + postPath(post);
    return [
      '    <item>',
      `      <title>${xmlText(post.title)}</title>`,
      `      <link>${xmlText(link)}</link>`,
      `      <guid isPermaLink="false">${xmlText(post.id)}</guid>`,
      `      <pubDate>${new Date(post.publishedAt).toUTCString()}</pubDate>`,
      `      <description>${xmlText(post.summary)}</description>`,
      `      <dc:creator>${xmlText(post.author)}</dc:creator>`,
      ...post.categories.map((category) => `      <category>${xmlText(category)}</category>`),
      '    </item>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    <title>${xmlText(channel.title)}</title>`,
    `    <link>${xmlText(origin + listPagePath(typepost))}</link>`,
    `    <description>${xmlText(channel.description)}</description>`,
    ...(language ? [`    <language>${language}</language>`] : []),
    `    <atom:link href="${xmlText(selfUrl)}" rel="self" type="application/rss+xml"/>`,
    ...(newest ? [`    <lastBuildDate>${new Date(newest).toUTCString()}</lastBuildDate>`] : []),
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
