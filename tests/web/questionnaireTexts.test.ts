// Every text the questionnaire, my-form and the individual registration show exists in both languages, and
// the problems and answers read the way the person's language writes numbers and money.
import { describe, expect, it } from 'vitest';
import es from '../../locales/es.json';
import en from '../../locales/en.json';
import { QUESTIONNAIRE_STEPS } from '../../src/domain/questionnaire';
import { FORM_VALIDATION_KEYS } from '../../src/domain/formValidation';
import { ENTRY_PROBLEM_KEYS } from '../../src/domain/answerEntry';
import { createI18n } from '../../src/web/kernel/i18nBundled';
import { problemParams } from '../../src/web/features/questionnaire/problemText';
import { summaryText } from '../../src/web/components/FormSummary';
import { formSummary } from '../../machines/myForm/viewModel';

type Tree = { [key: string]: string | Tree };

function has(tree: Tree, key: string): boolean {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return false;
    node = node[part];
  }
  return typeof node === 'string' && node.trim() !== '';
}

const definitionKeys = QUESTIONNAIRE_STEPS.flatMap((step) => [
  step.key,
  ...step.questions.flatMap((question) => [
    question.labelKey,
    ...(question.helpKey ? [question.helpKey] : []),
    ...(question.options ?? []).map((option) => option.labelKey),
    ...Object.values(question.optionsBy ?? {}).flatMap((options) => options.map((option) => option.labelKey)),
  ]),
]);

const pageKeys = [
  ...Object.values(FORM_VALIDATION_KEYS),
  ...Object.values(ENTRY_PROBLEM_KEYS),
  ...['saving', 'saved', 'unsaved', 'failed'].map((status) => `questionnaire.save_status.${status}`),
  ...['load_offline', 'load_server', 'save_offline', 'save_server'].map((failure) => `questionnaire.failure.${failure}`),
  ...['next', 'back', 'submit', 'save', 'retry', 'go_to_step'].map((action) => `questionnaire.actions.${action}`),
  'questionnaire.title',
  'questionnaire.editor_title',
  'questionnaire.completed.register',
  'my_form.status.in-progress',
  'my_form.status.completed',
  'update_data.copy',
  'register_individual.complete.to_comparison',
  'modals.copy_modal.title',
];

describe('questionnaire texts', () => {
  it.each([
    ['es', es],
    ['en', en],
  ])('%s has every label, help text and option of the questionnaire definition', (_language, texts) => {
    expect(definitionKeys.filter((key) => !has(texts as Tree, key))).toEqual([]);
  });

  it.each([
    ['es', es],
    ['en', en],
  ])('%s has every message of the pages and every validation problem', (_language, texts) => {
    expect(pageKeys.filter((key) => !has(texts as Tree, key))).toEqual([]);
  });

  it('writes the limits of a problem as the language writes money and numbers', () => {
    const money = {
      type: 'money' as const,
      currency: 'EUR',
      problem: { field: 'fixedSalary', key: FORM_VALIDATION_KEYS.tooSmall, params: { min: 80_000, value: 75_000 } },
    };
    const spanish = createI18n('es');
    const english = createI18n('en');
    expect(spanish.t(money.problem.key, problemParams(money, 'es'))).toBe('Debe ser como mínimo 80.000\u00a0€.');
    expect(english.t(money.problem.key, problemParams(money, 'en'))).toBe('It must be at least €80,000.');
    const count = {
      type: 'number' as const,
      currency: null,
      problem: { field: 'directReports', key: FORM_VALIDATION_KEYS.tooLarge, params: { max: 100_000, value: 200_000 } },
    };
    expect(spanish.t(count.problem.key, problemParams(count, 'es'))).toBe('Debe ser como máximo 100.000.');
    const percent = {
      type: 'percent' as const,
      currency: null,
      problem: { field: 'diffWithDeferral', key: FORM_VALIDATION_KEYS.tooSmall, params: { min: -30, value: -31 } },
    };
    expect(english.t(percent.problem.key, problemParams(percent, 'en'))).toBe('It must be at least -30 %.');
  });

  it('shows a form’s answers in the reader’s language, money in the form’s currency', () => {
    const steps = formSummary({
      answers: { country: 'es', city: 'sevilla', fixedSalary: 150_000, diffWithDeferral: 2.5, privacyConsent: true, birthYear: 1980 },
    });
    const value = (name: string) => steps.flatMap((step) => step.rows).find((row) => row.name === name)!.value;
    const es_ = createI18n('es').t;
    const en_ = createI18n('en').t;
    expect(summaryText(value('city'), 'es', es_)).toBe('Sevilla');
    expect(summaryText(value('fixedSalary'), 'es', es_)).toBe('150.000\u00a0€');
    expect(summaryText(value('fixedSalary'), 'en', en_)).toBe('€150,000');
    expect(summaryText(value('diffWithDeferral'), 'es', es_)).toBe('2,5 %');
    expect(summaryText(value('birthYear'), 'en', en_)).toBe('1980');
    expect(summaryText(value('privacyConsent'), 'en', en_)).toBe('Yes');
    expect(summaryText(value('sector'), 'es', es_)).toBe('Sin responder');
    // An unticked newsletter box is a no, not an unanswered question.
    expect(summaryText(value('newsletterOptIn'), 'es', es_)).toBe('No');
    expect(summaryText(value('newsletterOptIn'), 'en', en_)).toBe('No');
    // The e-mail address is not part of the summary of one's own form.
    expect(steps[0].rows.map((row) => row.name)).not.toContain('email');
  });
});
