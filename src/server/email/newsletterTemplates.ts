// The newsletter's e-mails in the subscriber's language (texts: the `email` section of the locale files): the double
// opt-in confirmation and an issue (posts with their links, and the subscriber's own unsubscribe link). Links are
// built from PUBLIC_URL, never from a request.
import { escapeHtml, mailLanguage, mailText } from './i18n';
import { linkMail, type MailContent } from './templates';

export const NEWSLETTER_PATHS = {
  confirm: '/newsletter/confirm',
  unsubscribe: '/newsletter/unsubscribe',
  /** The RFC 8058 one-click endpoint of the List-Unsubscribe header. */
  oneClick: '/api/newsletters/unsubscribe',
  post: '/post-detail/',
} as const;

export const newsletterConfirmLink = (publicUrl: string, token: string) => `${publicUrl}${NEWSLETTER_PATHS.confirm}?token=${encodeURIComponent(token)}`;
export const newsletterUnsubscribeLink = (publicUrl: string, token: string) => `${publicUrl}${NEWSLETTER_PATHS.unsubscribe}?token=${encodeURIComponent(token)}`;
export const newsletterOneClickLink = (publicUrl: string, token: string) => `${publicUrl}${NEWSLETTER_PATHS.oneClick}?token=${encodeURIComponent(token)}`;
export const postLink = (publicUrl: string, postId: string) => `${publicUrl}${NEWSLETTER_PATHS.post}${encodeURIComponent(postId)}`;

/** The List-Unsubscribe headers of one recipient's issue (RFC 2369 and RFC 8058 one-click). */
export function listUnsubscribeHeaders(publicUrl: string, token: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${newsletterOneClickLink(publicUrl, token)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

export function newsletterConfirmMail(language: string, link: string, validDays: number): MailContent {
  return linkMail(language, 'newsletter_confirm', link, { days: validDays });
}

export interface IssuePost {
  id: string;
  title: string;
  summary: string;
}

export interface IssueContent {
  subject: string;
  intro: string;
  language: string;
  posts: IssuePost[];
}

/** One recipient's issue: the same posts for everyone, their own unsubscribe link. */
export function newsletterIssueMail(publicUrl: string, issue: IssueContent, unsubscribeLink: string): MailContent {
  const language = mailLanguage(issue.language);
  const t = {
    readMore: mailText(language, 'newsletter_issue.read_more'),
    why: mailText(language, 'newsletter_issue.why'),
    unsubscribe: mailText(language, 'newsletter_issue.unsubscribe'),
    signature: mailText(language, 'signature'),
  };
  const intro = issue.intro.trim();
  const text = [
    issue.subject,
    '',
    ...(intro ? [intro, ''] : []),
    ...issue.posts.flatMap((post) => [post.title, post.summary, `${t.readMore}: ${postLink(publicUrl, post.id)}`, '']),
    '—',
    t.why,
    `${t.unsubscribe}: ${unsubscribeLink}`,
    '',
    t.signature,
  ].join('\n');
  const posts = issue.posts
    .map(
      (post) => `<tr><td style="padding:12px 0;border-bottom:1px solid #e2e8f0">
<h2 style="font-size:18px;margin:0 0 6px"><a href="${escapeHtml(postLink(publicUrl, post.id))}" style="color:#1a365d">${escapeHtml(post.title)}</a></h2>
<p style="margin:0 0 6px">${escapeHtml(post.summary)}</p>
<a href="${escapeHtml(postLink(publicUrl, post.id))}" style="color:#2b6cb0">${escapeHtml(t.readMore)}</a>
</td></tr>`,
    )
    .join('\n');
  const introHtml = intro
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  const html = `<!doctype html><html lang="${language}"><body style="font-family:Arial,Helvetica,sans-serif;color:#1a202c;line-height:1.5;max-width:640px;margin:0 auto">
<h1 style="font-size:22px">${escapeHtml(issue.subject)}</h1>
${introHtml}
<table role="presentation" style="width:100%;border-collapse:collapse">
${posts}
</table>
<p style="font-size:13px;color:#4a5568;margin-top:24px">${escapeHtml(t.why)} <a href="${escapeHtml(unsubscribeLink)}" style="color:#4a5568">${escapeHtml(t.unsubscribe)}</a></p>
<p>${escapeHtml(t.signature)}</p>
</body></html>`;
  return { subject: issue.subject, text, html };
}
