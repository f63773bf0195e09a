// Post bodies are Markdown written by admins and read by everyone, so they are rendered on the server and the
// HTML is sanitised before anyone sees it: markdown-it with raw HTML turned off (typed tags are shown as text),
// then sanitize-html with a short allow-list of tags, attributes and URL schemes. Either step alone would stop
// the usual attacks; both together mean a bug in one is not a hole. No script, no style, no event handler,
// no javascript:, vbscript: or data: URL survives; links to other sites open with rel="noopener noreferrer
// nofollow ugc".
import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false });

/** The tags a post may contain: what Markdown produces, nothing more. */
const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  's',
  'del',
  'code',
  'pre',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

/** A URL a post may link to or show: http(s), mailto (links only), or a path on this site. */
const SAFE_SCHEMES = ['http', 'https', 'mailto'];

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'loading'],
    ol: ['start'],
    th: ['align'],
    td: ['align'],
    code: ['class'],
  },
  allowedClasses: { code: [/^language-[a-z0-9-]+$/] },
  allowedSchemes: SAFE_SCHEMES,
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  // Anything else (script, style, iframe, svg, object, …) goes with its content, not only its tags.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'svg', 'math', 'template', 'object', 'embed'],
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      const external = /^(https?:)?\/\//i.test(href);
      return {
        tagName,
        attribs: external ? { ...attribs, rel: 'noopener noreferrer nofollow ugc', target: '_blank' } : { ...attribs, rel: 'nofollow ugc' },
      };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
};

/** Sanitises HTML by the post rules (used on markdown-it's output; exported for the tests). */
export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE);
}

/** A post body as the post page shows it. */
export function renderPostMarkdown(body: string): string {
  return sanitizePostHtml(markdown.render(body));
}
