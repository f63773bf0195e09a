// Post bodies are rendered and sanitised on the server. Each hostile input must come out without
// any script, event handler, style, frame, svg or javascript:/vbscript:/data: URL — whatever trick it uses.
import { describe, expect, it } from 'vitest';
import { renderPostMarkdown, sanitizePostHtml } from '../../src/server/services/newsMarkdown';

const HOSTILE: Array<[string, string]> = [
  ['script tag', '<script>alert(1)</script>'],
  ['script tag, upper case', '<SCRIPT SRC=//evil.example/x.js></SCRIPT>'],
  ['script split by a nested tag', '<scr<script>ipt>alert(1)</scr</script>ipt>'],
  ['event handler on an image', '<img src="x" onerror="alert(1)">'],
  ['event handler, mixed case and no quotes', '<IMG SRC=x OnErRoR=alert(1)>'],
  ['event handler on a link', '<a href="https://example.com" onclick="alert(1)">x</a>'],
  ['body onload', '<body onload=alert(1)>'],
  ['javascript: link in Markdown', '[click](javascript:alert(1))'],
  ['javascript: link, upper case', '[click](JAVASCRIPT:alert(1))'],
  ['javascript: link with entities', '[click](&#106;avascript:alert(1))'],
  ['javascript: link with a tab inside', '[click](java\tscript:alert(1))'],
  ['javascript: link with hex entities', '[click](&#x6A;&#x61;&#x76;&#x61;script:alert(1))'],
  ['javascript: in an autolink', '<javascript:alert(1)>'],
  ['javascript: in raw HTML', '<a href="javascript:alert(1)">x</a>'],
  ['javascript: in raw HTML with entities', '<a href="&#x6A;avascript&colon;alert(1)">x</a>'],
  ['vbscript: link', '[x](vbscript:msgbox(1))'],
  ['data: link', '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
  ['data: image in Markdown', '![x](data:image/png;base64,iVBORw0KGgo=)'],
  ['data: svg image', '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)'],
  ['javascript: image', '![x](javascript:alert(1))'],
  ['reference-style javascript: link', '[x][1]\n\n[1]: javascript:alert(1)'],
  ['svg with onload', '<svg onload=alert(1)><circle/></svg>'],
  ['svg script', '<svg><script>alert(1)</script></svg>'],
  ['math/xlink trick', '<math><a xlink:href="javascript:alert(1)">x</a></math>'],
  ['iframe', '<iframe src="https://evil.example"></iframe>'],
  ['iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
  ['object/embed', '<object data="x.swf"></object><embed src="x.swf">'],
  ['style tag', '<style>body{background:url(javascript:alert(1))}</style>'],
  ['style attribute', '<p style="background:url(javascript:alert(1))">x</p>'],
  ['form with formaction', '<form><button formaction="javascript:alert(1)">x</button></form>'],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
  ['base href', '<base href="javascript:alert(1)//">'],
  ['link in a heading attribute trick', '# Title {onclick=alert(1)}'],
  ['markdown title attribute escape', '[x](https://example.com "a\\" onmouseover=\\"alert(1))'],
  ['image title attribute escape', '![x](https://example.com/a.png "x\\" onerror=\\"alert(1))'],
  ['template', '<template><script>alert(1)</script></template>'],
  ['comment hiding a script', '<!--<script>alert(1)</script>-->'],
  ['cdata', '<![CDATA[<script>alert(1)</script>]]>'],
  ['noscript escape', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">'],
  ['protocol-relative image', '![x](//evil.example/pixel.png)'],
];

/** What must never be in a post's HTML as a live element or attribute (text, escaped as &lt;…, is inert). */
function liveDanger(html: string): string[] {
  const problems: string[] = [];
  for (const tag of html.matchAll(/<([a-z][a-z0-9:-]*)((?:\s[^>]*)?)>/gi)) {
    const [, name, attributes] = tag;
    if (/^(script|style|iframe|svg|math|object|embed|form|meta|base|template|body|noscript|link|button)$/i.test(name)) problems.push(`element ${name}`);
    if (/\son[a-z]+\s*=/i.test(attributes)) problems.push('event handler');
    if (/\sstyle\s*=/i.test(attributes)) problems.push('style attribute');
    for (const match of attributes.matchAll(/\s(?:href|src|action|formaction|xlink:href)\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
      const value = (match[2] ?? match[3] ?? match[4] ?? '')
        .replace(/&#x?[0-9a-f]+;?|&colon;|\s/gi, (e) => (/^\s$/.test(e) ? '' : decodeEntity(e)))
        .toLowerCase();
      if (/^(javascript|vbscript|data):/.test(value)) problems.push(`dangerous url ${value}`);
      if (value.startsWith('//')) problems.push('protocol-relative url');
    }
  }
  // Nothing may slip in as a half-tag the browser would still complete.
  if (/<(script|svg|iframe|img|a)\b[^>]*$/i.test(html)) problems.push('unterminated tag');
  return problems;
}

function decodeEntity(entity: string): string {
  if (entity.toLowerCase() === '&colon;') return ':';
  const hex = /^&#x([0-9a-f]+);?$/i.exec(entity);
  if (hex) return String.fromCodePoint(parseInt(hex[1], 16));
  const dec = /^&#([0-9]+);?$/.exec(entity);
  return dec ? String.fromCodePoint(Number(dec[1])) : entity;
}

describe('post Markdown is rendered and sanitised on the server', () => {
  it.each(HOSTILE)('%s: nothing live survives', (_name, input) => {
    const html = renderPostMarkdown(input);
    expect(liveDanger(html), html).toEqual([]);
  });

  it.each(HOSTILE)('%s: the sanitiser alone (raw HTML, as if Markdown let it through) also removes it', (_name, input) => {
    const html = sanitizePostHtml(input);
    expect(liveDanger(html), html).toEqual([]);
  });

  it('keeps what Markdown is for', () => {
    const html = renderPostMarkdown(
      '## Mediana\n\nUn **texto** con *énfasis*, `código` y [un enlace](https://paybench.example/a?b=1&c=2).\n\n- uno\n- dos\n\n1. a\n2. b\n\n> cita\n\n![portada](/media/news/abc.png "Portada")\n\n| a | b |\n|---|---|\n| 1 | 2 |',
    );
    expect(html).toContain('<h2>Mediana</h2>');
    expect(html).toContain('<strong>texto</strong>');
    expect(html).toContain('<em>énfasis</em>');
    expect(html).toContain('<code>código</code>');
    expect(html).toContain('<a href="https://paybench.example/a?b=1&amp;c=2" rel="noopener noreferrer nofollow ugc" target="_blank">un enlace</a>');
    expect(html).toContain('<li>uno</li>');
    expect(html).toContain('<ol>');
    expect(html).toContain('<blockquote>');
    expect(html).toContain('<img src="/media/news/abc.png" alt="portada" title="Portada" loading="lazy" />');
    expect(html).toContain('<td>1</td>');
  });

  it('shows typed HTML as text instead of dropping the writer’s words', () => {
    expect(renderPostMarkdown('Use <b>bold</b> & <script>x</script>')).toBe('<p>Use &lt;b&gt;bold&lt;/b&gt; &amp; &lt;script&gt;x&lt;/script&gt;</p>\n');
  });

  it('a site link keeps the page (no new tab) and an external one opens safely', () => {
    expect(renderPostMarkdown('[blog](/blog)')).toBe('<p><a href="/blog" rel="nofollow ugc">blog</a></p>\n');
    expect(renderPostMarkdown('[m](mailto:hola@paybench.example)')).toContain('href="mailto:hola@paybench.example"');
  });
});
