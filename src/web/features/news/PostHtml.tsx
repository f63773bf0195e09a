// The body of a post as the server rendered and sanitised it (services/newsMarkdown.ts: markdown-it without
// raw HTML, then sanitize-html's allow-list). This is the one place the web app puts server HTML into the
// page; nothing typed in the browser is ever inserted as HTML.
import { Box } from '@chakra-ui/react';

export function PostHtml({ html, testId }: { html: string; testId?: string }) {
  return (
    <Box
      className="post-body"
      data-testid={testId}
      lineHeight="tall"
      css={{
        '& h1, & h2, & h3, & h4': { fontWeight: 'semibold', lineHeight: 'short', mt: '6', mb: '3' },
        '& h1': { fontSize: '2xl' },
        '& h2': { fontSize: 'xl' },
        '& h3': { fontSize: 'lg' },
        '& p': { my: '3' },
        '& ul, & ol': { ps: '6', my: '3' },
        '& ul': { listStyleType: 'disc' },
        '& ol': { listStyleType: 'decimal' },
        '& li': { my: '1' },
        '& a': { color: 'colorPalette.fg', textDecoration: 'underline' },
        '& blockquote': { borderStartWidth: '4px', borderColor: 'border.emphasized', ps: '4', color: 'fg.muted', my: '4' },
        '& code': { fontFamily: 'mono', fontSize: '0.9em', bg: 'bg.muted', px: '1', rounded: 'sm' },
        '& pre': { bg: 'bg.muted', p: '3', rounded: 'md', overflowX: 'auto', my: '4' },
        '& pre code': { bg: 'transparent', p: '0' },
        '& img': { maxW: '100%', h: 'auto', rounded: 'md', my: '4' },
        '& table': { borderCollapse: 'collapse', my: '4', display: 'block', overflowX: 'auto' },
        '& th, & td': { borderWidth: '1px', px: '3', py: '1' },
        '& hr': { my: '6' },
      }}
      // Sanitised on the server (see above).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
