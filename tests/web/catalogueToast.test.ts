import { describe, expect, it } from 'vitest';
import { errorCatalogue, type ToastOutcome } from '../../src/api/errorCatalogue';
import { catalogueToastText } from '../../src/web/kernel/catalogueToast';
import { createI18n } from '../../src/web/kernel/i18nBundled';

const es = createI18n('es');
const en = createI18n('en');
const request = { method: 'POST', path: '/forms/comparation' };

function toast(status: number, body: unknown): ToastOutcome {
  const outcome = errorCatalogue(request, status, body);
  if (outcome.kind !== 'toast') throw new Error('expected a toast');
  return outcome;
}

describe('catalogue toast texts', () => {
  it('internal error: the fixed Spanish text', () => {
    expect(catalogueToastText(toast(500, { error: 'Internal server error' }), es.t)).toEqual({
      text: 'Problemas técnicos. Inténtelo de nuevo más tarde.',
    });
  });

  it('insufficient credits: translated title and message', () => {
    expect(catalogueToastText(toast(402, { error: 'x', errorCode: 'INSUFFICIENT_CREDITS' }), en.t)).toEqual({
      title: 'Not enough credits',
      text: 'You do not have enough credits for this search. Buy a credit pack to continue.',
    });
  });

  it('problems: the lead, then the items as the server wrote them', () => {
    expect(catalogueToastText(toast(400, { error: ['a is required', 'b is too long'] }), es.t)).toEqual({
      text: 'Se han encontrado los siguientes problemas:',
      items: ['a is required', 'b is too long'],
    });
  });

  it('a known error code shows in the reader’s language; an unknown one shows the server text', () => {
    expect(catalogueToastText(toast(409, { error: 'Taken', errorCode: 'EMAIL_TAKEN' }), es.t)).toEqual({
      text: 'Ya existe una cuenta con este correo electrónico.',
    });
    expect(catalogueToastText(toast(409, { error: 'Some new conflict', errorCode: 'SOMETHING_NEW' }), es.t)).toEqual({
      text: 'Some new conflict',
    });
  });

  it('no error field: try again', () => {
    expect(catalogueToastText(toast(502, null), en.t)).toEqual({ text: 'Something went wrong. Please try again.' });
  });
});
