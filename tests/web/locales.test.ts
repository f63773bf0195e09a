// Both languages carry the same keys, and no text is empty.
import { describe, expect, it } from 'vitest';
import { readContract } from '../../src/server/http/contract';
import es from '../../locales/es.json';
import en from '../../locales/en.json';
import { SERVER_SECTIONS, splitLocale } from '../../scripts/vite-locale-split';
import * as mails from '../../src/server/email/templates';
import { newsletterConfirmMail, newsletterIssueMail } from '../../src/server/email/newsletterTemplates';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const [leaf, text] of leaves(value, path)) out.set(leaf, text);
    } else {
      out.set(path, value);
    }
  }
  return out;
}

const esLeaves = leaves(es);
const enLeaves = leaves(en);

describe('locale files', () => {
  it('have identical key sets', () => {
    expect([...esLeaves.keys()].sort()).toEqual([...enLeaves.keys()].sort());
  });

  it.each([
    ['es', esLeaves],
    ['en', enLeaves],
  ])('%s has a non-empty text for every key', (_language, texts) => {
    const empty = [...texts].filter(([, text]) => typeof text !== 'string' || text.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it('use the same interpolation parameters in both languages', () => {
    const params = (text: unknown) => [...String(text).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    for (const [key, text] of esLeaves) expect(params(enLeaves.get(key)), key).toEqual(params(text));
  });

  it('carry the fixed texts of errors and registration', () => {
    expect(es.errors.internal).toBe('Problemas técnicos. Inténtelo de nuevo más tarde.');
    expect(es.auth.register.success).toBe('Registro realizado correctamente');
    // modals.{type}_modal.title, .subtitle, .no_{type} and .{type}, for each type.
    for (const type of ['delete', 'copy'] as const) {
      for (const locale of [es, en]) {
        expect(Object.keys(locale.modals[`${type}_modal`]).sort()).toEqual([`no_${type}`, 'subtitle', 'title', type].sort());
      }
    }
  });

  it("name every kind of saved search where one is listed (my-searches, the dashboard, an admin's view of a user)", () => {
    const contract = readContract() as { components: { schemas: { HistoryKind: { enum: string[] } } } };
    const kinds: string[] = contract.components.schemas.HistoryKind.enum;
    expect(kinds).toContain('projection');
    for (const kind of kinds) {
      for (const key of [`my_searches.kind.${kind}`, `admin_users.searches.kinds.${kind}`]) expect(esLeaves.has(key), key).toBe(true);
    }
  });

  it("keep the e-mails' texts out of both parts the web app loads", () => {
    for (const texts of [es, en] as Array<Record<string, unknown>>) {
      for (const part of ['core', 'pages'] as const) {
        expect(SERVER_SECTIONS.filter((section) => section in splitLocale(texts, part))).toEqual([]);
      }
    }
  });

  it.each(['es', 'en'])('give every e-mail all its texts in %s', (language) => {
    const link = 'https://paybench.example/x';
    const links = mails.securityNoticeLinks('https://paybench.example');
    const at = new Date(Date.UTC(2025, 0, 2, 3, 4));
    const rendered = [
      mails.resetPasswordMail(language, link, 30),
      mails.verifyEmailMail(language, link, 48),
      mails.accountExistsMail(language, link),
      mails.corporateInvitationMail(language, link, 48),
      mails.corporateAccountExistsMail(language, link),
      mails.providerEmailLinkMail(language, link, 'Acme', 15),
      ...(['second-factor-on', 'second-factor-off', 'recovery-codes-renewed', 'password-changed', 'provider-unlinked'] as const).flatMap((change) => [
        mails.securityChangeMail(language, change, at, links),
        mails.securityChangeMail(language, change, at, links, 'Acme'),
      ]),
      newsletterConfirmMail(language, link, 7),
      newsletterIssueMail(link, { subject: 'S', intro: '', language, posts: [{ id: 'p', title: 'T', summary: 'S' }] }, link),
    ];
    const signature = language === 'en' ? en.email.signature : es.email.signature;
    for (const mail of rendered) {
      for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/email\.|{{/);
      expect(mail.text).toContain(signature);
    }
  });
});
