// The newsletter's e-mails in the subscriber's language: the double opt-in confirmation and an issue (posts with
// their links, and the subscriber's own unsubscribe link). Links are built from PUBLIC_URL, never from a request.
import type { Language } from '../../domain/constants';
import type { MailContent } from './templates';

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

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const languageOf = (language: string): Language => (language === 'en' ? 'en' : 'es');

const CONFIRM = {
  es: (days: number) => ({
    subject: 'Confirme su suscripción al boletín de Paybench',
    greeting: 'Hola:',
    lead: 'Alguien, probablemente usted, ha pedido recibir el boletín de Paybench en esta dirección. Confirme la suscripción con este enlace; hasta entonces no le enviaremos nada.',
    action: 'Confirmar la suscripción',
    validity: `El enlace caduca en ${days} días.`,
    ignore: 'Si no lo ha pedido usted, ignore este mensaje: no quedará suscrito.',
    signature: 'El equipo de Paybench',
  }),
  en: (days: number) => ({
    subject: 'Confirm your subscription to the Paybench newsletter',
    greeting: 'Hello,',
    lead: 'Someone, probably you, asked to receive the Paybench newsletter at this address. Confirm the subscription with this link; until then we send you nothing.',
    action: 'Confirm the subscription',
    validity: `The link expires in ${days} days.`,
    ignore: 'If you did not ask for it, ignore this message: you will not be subscribed.',
    signature: 'The Paybench team',
  }),
} satisfies Record<Language, (days: number) => Record<string, string>>;

export function newsletterConfirmMail(language: string, link: string, validDays: number): MailContent {
  const t = CONFIRM[languageOf(language)](validDays);
  const text = [t.greeting, '', t.lead, '', link, '', t.validity, t.ignore, '', t.signature].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a202c;line-height:1.5">
<p>${escapeHtml(t.greeting)}</p>
<p>${escapeHtml(t.lead)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#1a365d;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(t.action)}</a></p>
<p style="font-size:13px;color:#4a5568">${escapeHtml(t.validity)} ${escapeHtml(t.ignore)}</p>
<p style="font-size:13px;color:#4a5568">${escapeHtml(link)}</p>
<p>${escapeHtml(t.signature)}</p>
</body></html>`;
  return { subject: t.subject, text, html };
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

const ISSUE = {
  es: { readMore: 'Leer más', why: 'Recibe este boletín porque se suscribió a Paybench con esta dirección.', unsubscribe: 'Darse de baja', signature: 'El equipo de Paybench' },
  en: { readMore: 'Read more', why: 'You receive this newsletter because you subscribed to Paybench with this address.', unsubscribe: 'Unsubscribe', signature: 'The Paybench team' },
} satisfies Record<Language, Record<string, string>>;

/** One recipient's issue: the same posts for everyone, their own unsubscribe link. */
export function newsletterIssueMail(publicUrl: string, issue: IssueContent, unsubscribeLink: string): MailContent {
  const t = ISSUE[languageOf(issue.language)];
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
  const html = `<!doctype html><html lang="${languageOf(issue.language)}"><body style="font-family:Arial,Helvetica,sans-serif;color:#1a202c;line-height:1.5;max-width:640px;margin:0 auto">
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
