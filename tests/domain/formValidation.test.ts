// The answer rules shared by the web questionnaire and the server.
import { describe, expect, it } from 'vitest';
import {
  ANSWER_FIELDS,
  FORM_VALIDATION_KEYS,
  completeSteps,
  lookupBy,
  validateAnswer,
  validateAnswers,
  validateForCompletion,
  validateStep,
} from '../../src/domain/formValidation';
import { QUESTIONNAIRE_STEPS } from '../../src/domain/questionnaire';
import { LIMITS } from '../../src/domain/constants';
import { COMPLETE_ANSWERS } from '../fixtures/answers';

const K = FORM_VALIDATION_KEYS;

const completeAnswers = COMPLETE_ANSWERS;

describe('the answer fields', () => {
  it('every question of the questionnaire is an answer field, and every field but currency a question', () => {
    const questions = QUESTIONNAIRE_STEPS.flatMap((step) => step.questions.map((q) => q.name));
    expect(questions.every((name) => (ANSWER_FIELDS as readonly string[]).includes(name))).toBe(true);
    expect(ANSWER_FIELDS.filter((field) => !questions.includes(field))).toEqual(['currency']);
  });
});

describe('validateAnswer: one value', () => {
  it('accepts the questionnaire limits and refuses one beyond', () => {
    for (const [field, { min, max }] of Object.entries(LIMITS)) {
      expect(validateAnswer(field, min)).toBeNull();
      expect(validateAnswer(field, max)).toBeNull();
      expect(validateAnswer(field, min - 1)).toMatchObject({ field, key: K.tooSmall, params: { min } });
      expect(validateAnswer(field, max + 1)).toMatchObject({ field, key: K.tooLarge, params: { max } });
    }
  });

  it('refuses text, arrays, booleans, null and NaN where a number belongs — never guesses', () => {
    for (const value of ['95000', [95000], true, null, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(validateAnswer('fixedSalary', value)).toMatchObject({ field: 'fixedSalary', key: K.notANumber });
    }
  });

  it('money and counts are whole numbers, percentages may have decimals', () => {
    expect(validateAnswer('fixedSalary', 95_000.5)).toMatchObject({ key: K.notAWholeNumber });
    expect(validateAnswer('directReports', 1.5)).toMatchObject({ key: K.notAWholeNumber });
    expect(validateAnswer('diffWithDeferral', 12.5)).toBeNull();
    expect(validateAnswer('targetBonusPercent', 17.5)).toBeNull();
  });

  it('option codes must be in the lists', () => {
    expect(validateAnswer('sector', 'banking')).toBeNull();
    expect(validateAnswer('sector', 'piracy')).toMatchObject({ key: K.notAnOption, params: { value: 'piracy' } });
    expect(validateAnswer('positionLevel', 'ceo')).toBeNull();
    expect(validateAnswer('gender', 'prefer-not-to-say')).toBeNull();
    expect(validateAnswer('companySize', 42)).toMatchObject({ key: K.notAnOption });
  });

  it('the city must be a city of the country', () => {
    expect(validateAnswer('city', 'madrid', { country: 'es' })).toBeNull();
    expect(validateAnswer('city', 'paris', { country: 'es' })).toEqual({
      field: 'city',
      key: K.notACityOfCountry,
      params: { value: 'paris', country: 'es' },
    });
    expect(validateAnswer('city', 'madrid', {})).toMatchObject({ key: K.cityNeedsCountry });
  });

  it('checks e-mail, currency and yes/no answers', () => {
    expect(validateAnswer('email', 'ana.perez+pay@example.com')).toBeNull();
    expect(validateAnswer('email', 'not-an-address')).toMatchObject({ key: K.invalidEmail });
    expect(validateAnswer('currency', 'EUR')).toBeNull();
    expect(validateAnswer('currency', 'euro')).toMatchObject({ key: K.invalidCurrency });
    expect(validateAnswer('privacyConsent', 'yes')).toMatchObject({ key: K.notABoolean });
    expect(validateAnswer('salaryGuess', 1)).toMatchObject({ key: K.unknownAnswer });
  });
});

describe('validateAnswers: a partial save', () => {
  it('checks only what is present', () => {
    expect(validateAnswers({ fixedSalary: 120_000 })).toEqual([]);
    expect(validateAnswers({})).toEqual([]);
  });

  it('checks the city against the country given or stored', () => {
    expect(validateAnswers({ city: 'porto' }, { country: 'pt' })).toEqual([]);
    expect(validateAnswers({ city: 'porto' }, { country: 'es' })).toMatchObject([{ field: 'city', key: K.notACityOfCountry }]);
    expect(validateAnswers({ country: 'pt', city: 'porto' }, { country: 'es', city: 'madrid' })).toEqual([]);
  });

  it('a new country that leaves the stored city behind is refused on the city', () => {
    expect(validateAnswers({ country: 'fr' }, { country: 'es', city: 'madrid' })).toMatchObject([
      { field: 'city', key: K.notACityOfCountry, params: { country: 'fr', value: 'madrid' } },
    ]);
  });

  it('lists every problem at once', () => {
    const issues = validateAnswers({ fixedSalary: 1, sector: 'x', annualBonus: -1 });
    expect(issues.map((issue) => issue.field).sort()).toEqual(['annualBonus', 'fixedSalary', 'sector']);
  });
});

describe('validateStep and completion', () => {
  it('a step needs its required answers; optional ones may be blank', () => {
    const { gender: _gender, ...withoutGender } = completeAnswers;
    expect(validateStep(0, withoutGender, { signedOut: true })).toEqual([]);
    expect(validateStep(2, {}, { signedOut: false })).toEqual([{ field: 'fixedSalary', key: K.required, params: {} }]);
  });

  it('the e-mail is required only when signed out', () => {
    const { email: _email, ...withoutEmail } = completeAnswers;
    expect(validateStep(0, withoutEmail, { signedOut: false })).toEqual([]);
    expect(validateStep(0, withoutEmail, { signedOut: true })).toMatchObject([{ field: 'email', key: K.required }]);
  });

  it('completion needs every required answer of every step and the privacy consent', () => {
    expect(validateForCompletion(completeAnswers, { signedOut: true })).toEqual([]);
    const missing = validateForCompletion({ email: 'a@b.co' }, { signedOut: true }).map((issue) => issue.field);
    const required = QUESTIONNAIRE_STEPS.flatMap((step) => step.questions.filter((q) => q.required).map((q) => q.name));
    expect(missing.sort()).toEqual(required.sort());
    expect(validateForCompletion({ ...completeAnswers, privacyConsent: false }, { signedOut: true })).toEqual([
      { field: 'privacyConsent', key: K.mustBeAccepted, params: {} },
    ]);
  });

  it('completion also refuses a stored value that no longer fits', () => {
    expect(validateForCompletion({ ...completeAnswers, city: 'paris' }, { signedOut: false })).toMatchObject([{ field: 'city' }]);
    expect(validateForCompletion({ ...completeAnswers, currency: 'eur' }, { signedOut: false })).toMatchObject([{ field: 'currency' }]);
  });

  it('completeSteps lists the steps whose answers are complete', () => {
    expect(completeSteps({}, { signedOut: true })).toEqual([]);
    const { email: _e, ...signedIn } = completeAnswers;
    expect(completeSteps(signedIn, { signedOut: false })).toEqual([0, 1, 2, 3, 4]);
    expect(completeSteps({ ...completeAnswers, fixedSalary: undefined }, { signedOut: true })).toEqual([0, 1, 3, 4]);
  });
});

describe('lookup by e-mail or by id', () => {
  it('uses the e-mail format rule', () => {
    expect(lookupBy('ana.perez_1-x@example.com')).toBe('email');
    expect(lookupBy('A'.repeat(24))).toBe('id');
    expect(lookupBy('ana@example.toolongtld')).toBe('id');
  });
});
