// One voice: Spanish speaks to the person as *usted* everywhere it speaks (the app's locale
// file, the e-mails, the plan cards seeded into the catalogue), and English reads as English, in sentence case.
// What counts as the informal voice is in ./spanishVoice.ts.
import { describe, expect, it } from 'vitest';
import es from '../../locales/es.json';
import en from '../../locales/en.json';
import { accountExistsMail, corporateAccountExistsMail, corporateInvitationMail, resetPasswordMail, verifyEmailMail } from '../../src/server/email/templates';
import { newsletterConfirmMail, newsletterIssueMail } from '../../src/server/email/newsletterTemplates';
import { CATALOGUE_SEED } from '../../src/server/db/demoCatalogue';
import { informalWords, spanishWords } from './spanishVoice';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([key, value]): Array<[string, string]> => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'object' && value !== null ? leaves(value, path) : [[path, String(value)]];
  });
}

const informalTexts = (texts: Array<[string, string]>) =>
  texts.map(([where, text]) => [where, informalWords(text)] as const).filter(([, found]) => found.length > 0);

const spanishMails = () => {
  const link = 'https://paybench.example/x';
  const mails = {
    resetPassword: resetPasswordMail('es', link, 30),
    verifyEmail: verifyEmailMail('es', link, 48),
    accountExists: accountExistsMail('es', link),
    corporateInvitation: corporateInvitationMail('es', link, 48),
    corporateAccountExists: corporateAccountExistsMail('es', link),
    newsletterConfirm: newsletterConfirmMail('es', link, 7),
    newsletterIssue: newsletterIssueMail(link, { subject: 'Boletín', intro: '', language: 'es', posts: [] }, link),
  };
  return Object.entries(mails).flatMap(([name, mail]): Array<[string, string]> => [
    [`${name}.subject`, mail.subject],
    [`${name}.text`, mail.text],
  ]);
};

describe('the Spanish voice', () => {
  it('catches the informal voice the issue measured, and leaves usted alone', () => {
    expect(informalWords('Tu grupo')).toEqual(['Tu']);
    expect(informalWords('Mira tu comparativa')).toEqual(['tu', 'Mira']);
    expect(informalWords('Inténtalo de nuevo. Envíanos tus datos y te contactaremos.')).toEqual(['Inténtalo', 'Envíanos', 'tus', 'te']);
    expect(informalWords('Si no lo has pedido, recibirás un aviso al suscribirte.')).toEqual(['has', 'recibirás', 'suscribirte']);
    expect(informalWords('Ya puedes comparar. Elige un plan.')).toEqual(['puedes', 'Elige']);
    expect(informalWords('Usted: 226.000 €. Su grupo, consulte su comparativa; elija un plan y hágase premium.')).toEqual([]);
    expect(informalWords('La parte de atrás: el paquete activo se desactiva y el script vuelve a calcular.')).toEqual([]);
  });

  it('speaks as usted in every text of es.json', () => {
    expect(informalTexts(leaves(es as Tree))).toEqual([]);
  });

  it('speaks as usted in every Spanish e-mail', () => {
    expect(informalTexts(spanishMails())).toEqual([]);
  });

  it('speaks as usted on the plan cards of the catalogue', () => {
    const cards = CATALOGUE_SEED.flatMap((item): Array<[string, string]> => [
      [`${item.id}.name`, item.texts.es.name],
      ...item.texts.es.content.flatMap((content, index): Array<[string, string]> => [
        [`${item.id}.content.${index}.title`, content.title],
        ...content.subtitle.map((line, line_): [string, string] => [`${item.id}.content.${index}.subtitle.${line_}`, line]),
      ]),
    ]);
    expect(informalTexts(cards)).toEqual([]);
  });
});

describe('the English texts', () => {
  const enLeaves = leaves(en);

  // Names shown in their own language or place names with their accents are the only non-English letters.
  const OWN_NAMES = new Set(['language.es', 'news.languages.es']);
  const isPlaceName = (key: string) => key.startsWith('questionnaire.options.city.');

  it('carry no Spanish left behind', () => {
    const accented = /[áéíóú]/i;
    const leftovers = enLeaves
      .filter(([key]) => !OWN_NAMES.has(key) && !isPlaceName(key))
      .filter(([, text]) => spanishWords(text).length > 0 || accented.test(text))
      .map(([key]) => key);
    expect(leftovers).toEqual([]);
  });

  it('write labels, buttons and headings in sentence case', () => {
    // A short text that is not a sentence (no ". ", ": " or "; " inside) is a label, a button or a heading: only its
    // first word starts with a capital, besides names (acronyms such as CSV or P25 are all capitals and pass).
    const NAMES = new Set(['Paybench', 'LinkedIn', 'Spanish', 'English', 'WebP', 'Stripe']);
    const isLabel = (text: string) => !/[.:;!?]\s/.test(text) && text.split(/\s+/).length <= 8;
    const titleCased = enLeaves
      .filter(([key]) => !key.startsWith('questionnaire.options.'))
      .map(([key, text]) => [key, text.replace(/{{\s*\w+\s*}}/g, '')] as const)
      .filter(([, text]) => isLabel(text))
      .filter(([, text]) => (text.match(/\p{L}+/gu) ?? []).slice(1).some((word) => /^\p{Lu}\p{Ll}/u.test(word) && !NAMES.has(word)))
      .map(([key, text]) => `${key}: ${text}`);
    expect(titleCased).toEqual([]);
  });
});
