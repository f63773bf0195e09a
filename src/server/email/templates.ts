// The e-mails Paybench sends, in the recipient's language (Spanish by default, English). Links are built
// from the configured public URL (PUBLIC_URL), never from the request's Host header, so a forged Host
// cannot point a reset link at another site.
import type { Language } from '../../domain/constants';

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

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface Texts {
  subject: string;
  greeting: string;
  lead: string;
  action: string;
  validity: string;
  ignore: string;
  signature: string;
}

function render(texts: Texts, link: string): MailContent {
  const text = [texts.greeting, '', texts.lead, '', link, '', texts.validity, texts.ignore, '', texts.signature].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a202c;line-height:1.5">
<p>${escapeHtml(texts.greeting)}</p>
<p>${escapeHtml(texts.lead)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#1a365d;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(texts.action)}</a></p>
<p style="font-size:13px;color:#4a5568">${escapeHtml(texts.validity)} ${escapeHtml(texts.ignore)}</p>
<p style="font-size:13px;color:#4a5568">${escapeHtml(link)}</p>
<p>${escapeHtml(texts.signature)}</p>
</body></html>`;
  return { subject: texts.subject, text, html };
}

const RESET: Record<Language, (minutes: number) => Texts> = {
  es: (minutes) => ({
    subject: 'Restablezca su contraseña de Paybench',
    greeting: 'Hola:',
    lead: 'Hemos recibido una solicitud para restablecer la contraseña de su cuenta de Paybench. Para elegir una nueva, abra este enlace:',
    action: 'Restablecer la contraseña',
    validity: `El enlace solo se puede usar una vez y caduca en ${minutes} minutos.`,
    ignore: 'Si no lo ha solicitado usted, ignore este mensaje: su contraseña no cambiará.',
    signature: 'El equipo de Paybench',
  }),
  en: (minutes) => ({
    subject: 'Reset your Paybench password',
    greeting: 'Hello,',
    lead: 'We received a request to reset the password of your Paybench account. To choose a new one, open this link:',
    action: 'Reset password',
    validity: `The link can be used once and expires in ${minutes} minutes.`,
    ignore: 'If you did not ask for this, ignore this message: your password will not change.',
    signature: 'The Paybench team',
  }),
};

const VERIFY: Record<Language, (hours: number) => Texts> = {
  es: (hours) => ({
    subject: 'Confirme su dirección de correo en Paybench',
    greeting: 'Hola:',
    lead: 'Confirme que esta dirección es suya para terminar de activar su cuenta de Paybench. Los cuestionarios que haya respondido con ella se vincularán a su cuenta.',
    action: 'Confirmar mi dirección',
    validity: `El enlace solo se puede usar una vez y caduca en ${hours} horas.`,
    ignore: 'Si no ha creado una cuenta en Paybench, ignore este mensaje.',
    signature: 'El equipo de Paybench',
  }),
  en: (hours) => ({
    subject: 'Confirm your e-mail address for Paybench',
    greeting: 'Hello,',
    lead: 'Confirm that this address is yours to finish setting up your Paybench account. The questionnaires you answered with it will be linked to your account.',
    action: 'Confirm my address',
    validity: `The link can be used once and expires in ${hours} hours.`,
    ignore: 'If you did not create a Paybench account, ignore this message.',
    signature: 'The Paybench team',
  }),
};

const languageOf = (language: string): Language => (language === 'en' ? 'en' : 'es');

export function resetPasswordMail(language: string, link: string, validMinutes: number): MailContent {
  return render(RESET[languageOf(language)](validMinutes), link);
}

export function verifyEmailMail(language: string, link: string, validHours: number): MailContent {
  return render(VERIFY[languageOf(language)](validHours), link);
}

// Registration with an address that already has an account answers like any registration (no account
// enumeration); the explanation goes to the address itself.
const ACCOUNT_EXISTS: Record<Language, Texts> = {
  es: {
    subject: 'Ya tiene una cuenta en Paybench',
    greeting: 'Hola:',
    lead: 'Alguien, probablemente usted, ha intentado registrarse en Paybench con esta dirección, pero ya tiene una cuenta. Inicie sesión con su contraseña; si no la recuerda, en la misma página puede pedir un enlace para restablecerla.',
    action: 'Iniciar sesión',
    validity: 'No se ha creado ninguna cuenta nueva y su cuenta no ha cambiado.',
    ignore: 'Si no ha sido usted, ignore este mensaje.',
    signature: 'El equipo de Paybench',
  },
  en: {
    subject: 'You already have a Paybench account',
    greeting: 'Hello,',
    lead: 'Someone, probably you, tried to register on Paybench with this address, but it already has an account. Sign in with your password; if you do not remember it, the same page lets you ask for a link to reset it.',
    action: 'Sign in',
    validity: 'No new account was created and your account has not changed.',
    ignore: 'If this was not you, ignore this message.',
    signature: 'The Paybench team',
  },
};

export function accountExistsMail(language: string, link: string): MailContent {
  return render(ACCOUNT_EXISTS[languageOf(language)], link);
}

// A corporate user created by an admin or a colleague (POST users/corporate): the new address is invited to
// confirm itself; a registered address is told that nothing was created. Both answers to the caller are the
// same, so the caller never learns which addresses have an account. No text of the caller goes into them.
const CORPORATE_INVITATION: Record<Language, (hours: number) => Texts> = {
  es: (hours) => ({
    subject: 'Le han invitado a Paybench',
    greeting: 'Hola:',
    lead: 'Un compañero de su empresa o un administrador de Paybench ha creado para esta dirección una cuenta corporativa de Paybench. Confirme que la dirección es suya; después inicie sesión con la contraseña que le haya dado quien le invitó (puede cambiarla en Ajustes o pedir un enlace para restablecerla en la página de inicio de sesión).',
    action: 'Confirmar mi dirección',
    validity: `El enlace solo se puede usar una vez y caduca en ${hours} horas.`,
    ignore: 'Si no esperaba esta invitación, ignore este mensaje.',
    signature: 'El equipo de Paybench',
  }),
  en: (hours) => ({
    subject: 'You have been invited to Paybench',
    greeting: 'Hello,',
    lead: 'A colleague at your company or a Paybench administrator created a Paybench corporate account for this address. Confirm that the address is yours; then sign in with the password the person who invited you gives you (you can change it in Settings, or ask for a reset link on the sign-in page).',
    action: 'Confirm my address',
    validity: `The link can be used once and expires in ${hours} hours.`,
    ignore: 'If you did not expect this invitation, ignore this message.',
    signature: 'The Paybench team',
  }),
};

const CORPORATE_ACCOUNT_EXISTS: Record<Language, Texts> = {
  es: {
    subject: 'Ya tiene una cuenta en Paybench',
    greeting: 'Hola:',
    lead: 'Un compañero de su empresa o un administrador de Paybench ha intentado crear una cuenta corporativa de Paybench para esta dirección, pero ya tiene una cuenta. Inicie sesión con su contraseña; si no la recuerda, en la misma página puede pedir un enlace para restablecerla. Si su cuenta debe pasar a formar parte de la de su empresa, dígaselo a quien le invitó o escríbanos.',
    action: 'Iniciar sesión',
    validity: 'No se ha creado ninguna cuenta nueva y su cuenta no ha cambiado.',
    ignore: 'Si no esperaba esta invitación, ignore este mensaje.',
    signature: 'El equipo de Paybench',
  },
  en: {
    subject: 'You already have a Paybench account',
    greeting: 'Hello,',
    lead: 'A colleague at your company or a Paybench administrator tried to create a Paybench corporate account for this address, but it already has an account. Sign in with your password; if you do not remember it, the same page lets you ask for a link to reset it. If your account should join your company\'s, tell the person who invited you or write to us.',
    action: 'Sign in',
    validity: 'No new account was created and your account has not changed.',
    ignore: 'If you did not expect this invitation, ignore this message.',
    signature: 'The Paybench team',
  },
};

export function corporateInvitationMail(language: string, link: string, validHours: number): MailContent {
  return render(CORPORATE_INVITATION[languageOf(language)](validHours), link);
}

export function corporateAccountExistsMail(language: string, link: string): MailContent {
  return render(CORPORATE_ACCOUNT_EXISTS[languageOf(language)], link);
}

// A provider's sign-in with an address no trusted provider vouched for creates nothing; the address gets
// this link, which creates the account (address verified), links the sign-in and signs in, only in the browser where
// the sign-in was made. The provider's name is the deployment's (OIDC_<ID>_NAME), never the person's.
export function providerEmailLink(publicUrl: string, token: string): string {
  return `${publicUrl}/api/auth/oidc/email-link?token=${encodeURIComponent(token)}`;
}

const PROVIDER_EMAIL_LINK: Record<Language, (provider: string, minutes: number) => Texts> = {
  es: (provider, minutes) => ({
    subject: 'Confirme su dirección para entrar en Paybench',
    greeting: 'Hola:',
    lead: `Alguien, probablemente usted, ha iniciado sesión en Paybench con ${provider} usando esta dirección. Para crear su cuenta de Paybench con ella y vincularla a ese inicio de sesión, abra este enlace en el mismo navegador:`,
    action: 'Confirmar mi dirección y entrar',
    validity: `El enlace solo se puede usar una vez, solo en el navegador donde inició sesión, y caduca en ${minutes} minutos.`,
    ignore: 'Si no ha sido usted, ignore este mensaje: no se creará ninguna cuenta.',
    signature: 'El equipo de Paybench',
  }),
  en: (provider, minutes) => ({
    subject: 'Confirm your address to sign in to Paybench',
    greeting: 'Hello,',
    lead: `Someone, probably you, signed in to Paybench through ${provider} with this address. To create your Paybench account with it and link it to that sign-in, open this link in the same browser:`,
    action: 'Confirm my address and sign in',
    validity: `The link can be used once, only in the browser where you signed in, and expires in ${minutes} minutes.`,
    ignore: 'If this was not you, ignore this message: no account will be created.',
    signature: 'The Paybench team',
  }),
};

export function providerEmailLinkMail(language: string, link: string, provider: string, validMinutes: number): MailContent {
  return render(PROVIDER_EMAIL_LINK[languageOf(language)](provider, validMinutes), link);
}

// ───────────── a security change of the account ─────────────
// Each change of how the account signs in (second factor on or off, recovery codes renewed, password changed,
// provider unlinked; the account's address cannot be changed) is told to the person: what changed, when, and how to undo it (a
// password reset, which ends every session, then the settings page).

export type SecurityChange =
  | 'second-factor-on'
  | 'second-factor-off'
  | 'recovery-codes-renewed'
  | 'password-changed'
  | 'provider-unlinked';

/** The web app's pages a security notice links to. */
export function securityNoticeLinks(publicUrl: string): { resetPassword: string; settings: string } {
  return { resetPassword: `${publicUrl}${LINK_PATHS.resetPassword}`, settings: `${publicUrl}/settings` };
}

const SECURITY_SUBJECT: Record<Language, Record<SecurityChange, string>> = {
  es: {
    'second-factor-on': 'Ha activado la verificación en dos pasos en Paybench',
    'second-factor-off': 'Ha desactivado la verificación en dos pasos en Paybench',
    'recovery-codes-renewed': 'Tiene nuevos códigos de recuperación en Paybench',
    'password-changed': 'Ha cambiado su contraseña de Paybench',
    'provider-unlinked': 'Ha desvinculado un proveedor de identidad de su cuenta de Paybench',
  },
  en: {
    'second-factor-on': 'You turned on two-step verification on Paybench',
    'second-factor-off': 'You turned off two-step verification on Paybench',
    'recovery-codes-renewed': 'You have new recovery codes on Paybench',
    'password-changed': 'You changed your Paybench password',
    'provider-unlinked': 'You unlinked an identity provider from your Paybench account',
  },
};

const SECURITY_WHAT: Record<Language, Record<SecurityChange, (detail: string | null) => string>> = {
  es: {
    'second-factor-on': () => 'se activó la verificación en dos pasos (una aplicación de autenticación) y se cerraron sus sesiones en otros dispositivos',
    'second-factor-off': () => 'se desactivó la verificación en dos pasos y se cerraron sus sesiones en otros dispositivos',
    'recovery-codes-renewed': () => 'se crearon nuevos códigos de recuperación; los anteriores ya no sirven',
    'password-changed': () => 'se cambió la contraseña y se cerraron sus sesiones en otros dispositivos',
    'provider-unlinked': (detail) => (detail ? `se desvinculó el proveedor de identidad ${detail}` : 'se desvinculó un proveedor de identidad'),
  },
  en: {
    'second-factor-on': () => 'two-step verification (an authenticator app) was turned on and your sessions on other devices were ended',
    'second-factor-off': () => 'two-step verification was turned off and your sessions on other devices were ended',
    'recovery-codes-renewed': () => 'new recovery codes were made; the previous ones no longer work',
    'password-changed': () => 'the password was changed and your sessions on other devices were ended',
    'provider-unlinked': (detail) => (detail ? `the identity provider ${detail} was unlinked` : 'an identity provider was unlinked'),
  },
};

/** The moment of the change, in the reader's language, in UTC (the server does not know the reader's time zone). */
function formatWhen(language: Language, at: Date): string {
  const text = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'es-ES', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(at);
  return `${text} (UTC)`;
}

/**
 * What changed in the account's security, when, and how to undo it: if it was not the person, a password reset (it
 * ends every session) and then the settings page, to turn the second factor back on or off and check the providers.
 * `detail`: the provider's name; never a secret.
 */
export function securityChangeMail(
  language: string,
  change: SecurityChange,
  at: Date,
  links: { resetPassword: string; settings: string },
  detail: string | null = null,
): MailContent {
  const lang = languageOf(language);
  const when = formatWhen(lang, at);
  const what = SECURITY_WHAT[lang][change](detail);
  const texts =
    lang === 'en'
      ? {
          greeting: 'Hello,',
          lead: `On ${when} ${what} on your Paybench account.`,
          ifYou: 'If it was you, there is nothing to do.',
          ifNot: 'If it was not you, someone may be using your account: reset your password now with this link (it ends every session of the account), then check two-step verification and the linked providers in your settings.',
          reset: 'Reset my password',
          settingsLabel: 'Your settings:',
          signature: 'The Paybench team',
        }
      : {
          greeting: 'Hola:',
          lead: `El ${when} ${what} en su cuenta de Paybench.`,
          ifYou: 'Si ha sido usted, no tiene que hacer nada.',
          ifNot: 'Si no ha sido usted, alguien puede estar usando su cuenta: restablezca ya su contraseña con este enlace (cierra todas las sesiones de la cuenta) y después revise la verificación en dos pasos y los proveedores vinculados en sus ajustes.',
          reset: 'Restablecer mi contraseña',
          settingsLabel: 'Sus ajustes:',
          signature: 'El equipo de Paybench',
        };
  const text = [
    texts.greeting,
    '',
    texts.lead,
    '',
    texts.ifYou,
    texts.ifNot,
    '',
    links.resetPassword,
    '',
    `${texts.settingsLabel} ${links.settings}`,
    '',
    texts.signature,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a202c;line-height:1.5">
<p>${escapeHtml(texts.greeting)}</p>
<p>${escapeHtml(texts.lead)}</p>
<p>${escapeHtml(texts.ifYou)} ${escapeHtml(texts.ifNot)}</p>
<p><a href="${escapeHtml(links.resetPassword)}" style="display:inline-block;padding:10px 18px;background:#1a365d;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(texts.reset)}</a></p>
<p style="font-size:13px;color:#4a5568">${escapeHtml(links.resetPassword)}</p>
<p>${escapeHtml(texts.settingsLabel)} <a href="${escapeHtml(links.settings)}">${escapeHtml(links.settings)}</a></p>
<p>${escapeHtml(texts.signature)}</p>
</body></html>`;
  return { subject: SECURITY_SUBJECT[lang][change], text, html };
}
