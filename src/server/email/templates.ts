// The e-mails Paybench sends, in the recipient's language (Spanish by default, English). Their texts are the `email`
// section of the locale files (./i18n.ts); the layout is here. Links are built from the configured public URL
// (PUBLIC_URL), never from the request's Host header, so a forged Host cannot point a reset link at another site.
import type { Language } from '../../domain/constants';
import { escapeHtml, mailLanguage, mailText } from './i18n';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** Web app pages the links open (the login page also handles `?verifyToken=`). */
export const LINK_PATHS = {
  resetPassword: '/reset-password',
  verifyEmail: '/login',
} as const;

export function resetPasswordLink(publicUrl: string, token: string): string {
  return `${publicUrl}${LINK_PATHS.resetPassword}?token=${encodeURIComponent(token)}`;
}

/** The sign-in page and the "forgot password" form, for the "you already have an account" e-mail. */
export function signInLink(publicUrl: string): string {
  return `${publicUrl}/login`;
}

export function verifyEmailLink(publicUrl: string, token: string): string {
  return `${publicUrl}${LINK_PATHS.verifyEmail}?verifyToken=${encodeURIComponent(token)}`;
}

/**
 * A mail with one link to follow: `email.<key>.subject`, `.lead`, `.action` (the button), `.validity` and `.ignore`
 * (what to do if the person did not ask for it), between the greeting and the signature, with `values` put into them.
 */
export function linkMail(language: string, key: string, link: string, values: Record<string, string | number> = {}): MailContent {
  const lang = mailLanguage(language);
  const t = (name: string) => mailText(lang, `${key}.${name}`, values);
  const [greeting, signature] = [mailText(lang, 'greeting'), mailText(lang, 'signature')];
  const [lead, action, validity, ignore] = [t('lead'), t('action'), t('validity'), t('ignore')];
  const text = [greeting, '', lead, '', link, '', validity, ignore, '', signature].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a202c;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(lead)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#1a365d;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(action)}</a></p>
<p style="font-size:13px;color:#4a5568">${escapeHtml(validity)} ${escapeHtml(ignore)}</p>
<p style="font-size:13px;color:#4a5568">${escapeHtml(link)}</p>
<p>${escapeHtml(signature)}</p>
</body></html>`;
  return { subject: t('subject'), text, html };
}

export function resetPasswordMail(language: string, link: string, validMinutes: number): MailContent {
  return linkMail(language, 'reset_password', link, { minutes: validMinutes });
}

export function verifyEmailMail(language: string, link: string, validHours: number): MailContent {
  return linkMail(language, 'verify_email', link, { hours: validHours });
}

// Registration with an address that already has an account answers like any registration (no account
// enumeration); the explanation goes to the address itself.
export function accountExistsMail(language: string, link: string): MailContent {
  return linkMail(language, 'account_exists', link);
}

// A corporate user created by an admin or a colleague (POST users/corporate): the new address is invited to
// confirm itself; a registered address is told that nothing was created. Both answers to the caller are the
// same, so the caller never learns which addresses have an account. No text of the caller goes into them.
export function corporateInvitationMail(language: string, link: string, validHours: number): MailContent {
  return linkMail(language, 'corporate_invitation', link, { hours: validHours });
}

export function corporateAccountExistsMail(language: string, link: string): MailContent {
  return linkMail(language, 'corporate_account_exists', link);
}

// A provider's sign-in with an address no trusted provider vouched for creates nothing; the address gets this link,
// which creates the account (address verified), links the sign-in and signs in, only in the browser where the
// sign-in was made. The provider's name is the deployment's (OIDC_<ID>_NAME), never the person's.
export function providerEmailLink(publicUrl: string, token: string): string {
  return `${publicUrl}/api/auth/oidc/email-link?token=${encodeURIComponent(token)}`;
}

export function providerEmailLinkMail(language: string, link: string, provider: string, validMinutes: number): MailContent {
  return linkMail(language, 'provider_email_link', link, { provider, minutes: validMinutes });
}

// ───────────── A security change of the account ─────────────
// Each change of how the account signs in (second factor on or off, recovery codes renewed, password changed,
// provider unlinked; the account's address cannot be changed) is told to the person: what changed, when, and how to undo it (a
// password reset, which ends every session, then the settings page).

export type SecurityChange = 'second-factor-on' | 'second-factor-off' | 'recovery-codes-renewed' | 'password-changed' | 'provider-unlinked';

/** The web app's pages a security notice links to. */
export function securityNoticeLinks(publicUrl: string): { resetPassword: string; settings: string } {
  return { resetPassword: `${publicUrl}${LINK_PATHS.resetPassword}`, settings: `${publicUrl}/settings` };
}

/** The moment of the change, in the reader's language, in UTC (the server does not know the reader's time zone). */
function formatWhen(language: Language, at: Date): string {
  const text = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'es-ES', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(at);
  return `${text} (UTC)`;
}

/**
 * What changed in the account's security, when, and how to undo it: if it was not the person, a password reset (it
 * ends every session) and then the settings page, to turn the second factor back on or off and check the providers.
 * `detail`: the provider's name (of an unlinked provider); never a secret.
 */
export function securityChangeMail(
  language: string,
  change: SecurityChange,
  at: Date,
  links: { resetPassword: string; settings: string },
  detail: string | null = null,
): MailContent {
  const lang = mailLanguage(language);
  const t = (key: string, values?: Record<string, string>) => mailText(lang, `security_change.${key}`, values);
  const changeKey = change.replace(/-/g, '_');
  const what = change === 'provider-unlinked' && detail ? t('what.provider_unlinked_named', { provider: detail }) : t(`what.${changeKey}`);
  const [greeting, lead, ifYou, ifNot, reset, settingsLabel, signature] = [
    mailText(lang, 'greeting'),
    t('lead', { when: formatWhen(lang, at), what }),
    t('if_you'),
    t('if_not'),
    t('reset'),
    t('settings_label'),
    mailText(lang, 'signature'),
  ];
  const text = [greeting, '', lead, '', ifYou, ifNot, '', links.resetPassword, '', `${settingsLabel} ${links.settings}`, '', signature].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a202c;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(lead)}</p>
<p>${escapeHtml(ifYou)} ${escapeHtml(ifNot)}</p>
<p><a href="${escapeHtml(links.resetPassword)}" style="display:inline-block;padding:10px 18px;background:#1a365d;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(reset)}</a></p>
<p style="font-size:13px;color:#4a5568">${escapeHtml(links.resetPassword)}</p>
<p>${escapeHtml(settingsLabel)} <a href="${escapeHtml(links.settings)}">${escapeHtml(links.settings)}</a></p>
<p>${escapeHtml(signature)}</p>
</body></html>`;
  return { subject: t(`subject.${changeKey}`), text, html };
}
