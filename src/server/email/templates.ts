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
