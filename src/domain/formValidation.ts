// The answer rules of the questionnaire (docs/questionnaire.md, limits), shared by the web questionnaire
// and the server. Pure: no I/O, no server or React imports. Every problem is a FormIssue naming the answer,
// a translation key (questionnaire.validation.*) and its interpolation parameters; the web app translates
// it, the server turns it into a text line ("body.city: is not a city of es").
import { looksLikeEmail } from './constants';
import { COUNTRY_CITIES, QUESTIONNAIRE_STEPS, type Question, type QuestionnaireStep } from './questionnaire';

/** Every answer a form can hold, in questionnaire order (the contract's AnswerField). */
export const ANSWER_FIELDS = [
  'email',
  'currency',
  'country',
  'city',
  'birthYear',
  'gender',
  'educationLevel',
  'yearsExperience',
  'sector',
  'companySize',
  'companyType',
  'functionalArea',
  'positionLevel',
  'directReports',
  'yearsInPosition',
  'fixedSalary',
  'annualBonus',
  'targetBonusPercent',
  'deferredCompensation',
  'diffWithoutDeferral',
  'diffWithDeferral',
  'privacyConsent',
  'newsletterOptIn',
] as const;

export type AnswerField = (typeof ANSWER_FIELDS)[number];

/** Answers as typed or stored: values are unknown until validated. */
export type FormAnswerValues = Partial<Record<string, unknown>>;

/** Translation keys of the problems (the locales need each of them under questionnaire.validation). */
export const FORM_VALIDATION_KEYS = {
  /** A required answer is missing. */
  required: 'questionnaire.validation.required',
  /** params: value */
  notANumber: 'questionnaire.validation.notANumber',
  /** params: value */
  notAWholeNumber: 'questionnaire.validation.notAWholeNumber',
  /** params: min, value */
  tooSmall: 'questionnaire.validation.tooSmall',
  /** params: max, value */
  tooLarge: 'questionnaire.validation.tooLarge',
  /** params: value, options (comma-separated codes) */
  notAnOption: 'questionnaire.validation.notAnOption',
  /** params: value, country */
  notACityOfCountry: 'questionnaire.validation.notACityOfCountry',
  /** The city needs a country to be checked against. */
  cityNeedsCountry: 'questionnaire.validation.cityNeedsCountry',
  /** params: value */
  invalidEmail: 'questionnaire.validation.invalidEmail',
  /** params: value */
  invalidCurrency: 'questionnaire.validation.invalidCurrency',
  /** params: value */
  notABoolean: 'questionnaire.validation.notABoolean',
  /** A required yes/no answer (the privacy consent) must be yes. */
  mustBeAccepted: 'questionnaire.validation.mustBeAccepted',
  /** params: field */
  unknownAnswer: 'questionnaire.validation.unknownAnswer',
} as const;

export type FormValidationKey = (typeof FORM_VALIDATION_KEYS)[keyof typeof FORM_VALIDATION_KEYS];

export interface FormIssue {
  /** The answer concerned. */
  field: string;
  key: FormValidationKey;
  params: Record<string, string | number>;
}

export interface FormContext {
  /** The form has no owner (anonymous flow): the e-mail address is required to complete it. */
  signedOut: boolean;
}

/** The e-mail address of the questionnaire (a practical check; the lookup rule is looksLikeEmail). */
export const ANSWER_EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[^\s@.]{2,}$/;
export const ANSWER_EMAIL_MAX_LENGTH = 254;
export const CURRENCY_PATTERN = /^[A-Z]{3}$/;

const QUESTIONS: ReadonlyMap<string, Question> = new Map(
  QUESTIONNAIRE_STEPS.flatMap((step) => step.questions.map((question) => [question.name, question] as const)),
);

/** The question of an answer, or undefined (currency is an answer without a question). */
export function questionOf(field: string): Question | undefined {
  return QUESTIONS.get(field);
}

export function stepOf(field: string): QuestionnaireStep | undefined {
  return QUESTIONNAIRE_STEPS.find((step) => step.questions.some((question) => question.name === field));
}

const issue = (field: string, key: FormValidationKey, params: Record<string, string | number> = {}): FormIssue => ({ field, key, params });

const shown = (value: unknown): string => {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
};

/** An answer that counts as not given: absent, null or blank text. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** Whether the answer is required to complete a form in this context. */
export function isRequired(question: Question, context: FormContext): boolean {
  return question.required || (question.requiredWhenSignedOut === true && context.signedOut);
}

/** The cities of a country code, or undefined for an unknown country. */
export function citiesOf(country: unknown): readonly string[] | undefined {
  return typeof country === 'string' && Object.hasOwn(COUNTRY_CITIES, country) ? COUNTRY_CITIES[country as keyof typeof COUNTRY_CITIES] : undefined;
}

function checkNumber(question: Question, value: unknown): FormIssue | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return issue(question.name, FORM_VALIDATION_KEYS.notANumber, { value: shown(value) });
  // Money, counts and years are whole numbers; percentages may have decimals.
  if (question.type !== 'percent' && !Number.isInteger(value)) return issue(question.name, FORM_VALIDATION_KEYS.notAWholeNumber, { value });
  if (question.min !== undefined && value < question.min) return issue(question.name, FORM_VALIDATION_KEYS.tooSmall, { min: question.min, value });
  if (question.max !== undefined && value > question.max) return issue(question.name, FORM_VALIDATION_KEYS.tooLarge, { max: question.max, value });
  return null;
}

/**
 * One answer against its question. `answers` are the form's answers after this change (the city is checked
 * against the country found there). Blank values are for the caller to judge (see validateStep).
 */
export function validateAnswer(field: string, value: unknown, answers: FormAnswerValues = {}): FormIssue | null {
  if (field === 'currency') {
    return typeof value === 'string' && CURRENCY_PATTERN.test(value) ? null : issue(field, FORM_VALIDATION_KEYS.invalidCurrency, { value: shown(value) });
  }
  const question = questionOf(field);
  if (!question) return issue(field, FORM_VALIDATION_KEYS.unknownAnswer, { field });
  switch (question.type) {
    case 'email':
      return typeof value === 'string' && value.length <= ANSWER_EMAIL_MAX_LENGTH && ANSWER_EMAIL_PATTERN.test(value)
        ? null
        : issue(field, FORM_VALIDATION_KEYS.invalidEmail, { value: shown(value) });
    case 'boolean':
      return typeof value === 'boolean' ? null : issue(field, FORM_VALIDATION_KEYS.notABoolean, { value: shown(value) });
    case 'number':
    case 'money':
    case 'percent':
    case 'year':
      return checkNumber(question, value);
    case 'select': {
      if (question.dependsOn) {
        const parent = answers[question.dependsOn];
        const list = question.optionsBy?.[typeof parent === 'string' ? parent : ''];
        if (isBlank(parent)) return issue(field, FORM_VALIDATION_KEYS.cityNeedsCountry);
        // An unknown country is reported on the country itself.
        if (!list) return null;
        return typeof value === 'string' && list.some((option) => option.value === value)
          ? null
          : issue(field, FORM_VALIDATION_KEYS.notACityOfCountry, { value: shown(value), country: shown(parent) });
      }
      const list = question.options ?? [];
      return typeof value === 'string' && list.some((option) => option.value === value)
        ? null
        : issue(field, FORM_VALIDATION_KEYS.notAnOption, { value: shown(value), options: list.map((option) => option.value).join(', ') });
    }
  }
}

/**
 * A partial save: every answer present in `patch` (undefined means absent), checked against the form's
 * answers after the save (`stored` merged with `patch`). A change of country that leaves the stored city
 * outside the new country is reported on the city, so no combination is ever silently broken.
 */
export function validateAnswers(patch: FormAnswerValues, stored: FormAnswerValues = {}): FormIssue[] {
  const merged = { ...stored, ...withoutUndefined(patch) };
  const issues: FormIssue[] = [];
  for (const [field, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const problem = validateAnswer(field, value, merged);
    if (problem) issues.push(problem);
  }
  // The country changed but the city did not come along: the stored city must still fit.
  const cityQuestion = questionOf('city');
  if (cityQuestion?.dependsOn && patch[cityQuestion.dependsOn] !== undefined && patch.city === undefined && !isBlank(merged.city)) {
    const problem = validateAnswer('city', merged.city, merged);
    if (problem) issues.push(problem);
  }
  return issues;
}

/** Required answers of the given questions that are blank. */
function missing(questions: readonly Question[], answers: FormAnswerValues, context: FormContext): FormIssue[] {
  return questions
    .filter((question) => isRequired(question, context) && isBlank(answers[question.name]))
    .map((question) => issue(question.name, FORM_VALIDATION_KEYS.required));
}

/**
 * One step as the person leaves it: every required answer of the step is given and every given answer of
 * the step is valid (blank optional answers are fine). `answers` are all the form's answers.
 */
export function validateStep(stepIndex: number, answers: FormAnswerValues, context: FormContext): FormIssue[] {
  const step = QUESTIONNAIRE_STEPS.find((candidate) => candidate.index === stepIndex);
  if (!step) return [];
  const issues = missing(step.questions, answers, context);
  for (const question of step.questions) {
    const value = answers[question.name];
    if (isBlank(value)) continue;
    const problem = validateAnswer(question.name, value, answers);
    if (problem) issues.push(problem);
    else if (question.type === 'boolean' && value === false && isRequired(question, context)) {
      issues.push(issue(question.name, FORM_VALIDATION_KEYS.mustBeAccepted));
    }
  }
  return issues;
}

/**
 * Completing a form: every step valid (every required answer given, the privacy consent accepted, every
 * given answer valid) and any other stored answer (the currency) valid.
 */
export function validateForCompletion(answers: FormAnswerValues, context: FormContext): FormIssue[] {
  const issues = QUESTIONNAIRE_STEPS.flatMap((step) => validateStep(step.index, answers, context));
  for (const [field, value] of Object.entries(answers)) {
    if (value === undefined || questionOf(field)) continue;
    const problem = validateAnswer(field, value, answers);
    if (problem) issues.push(problem);
  }
  return issues;
}

/** Indexes of the steps whose answers are complete and valid (ascending). */
export function completeSteps(answers: FormAnswerValues, context: FormContext): number[] {
  return QUESTIONNAIRE_STEPS.filter((step) => validateStep(step.index, answers, context).length === 0).map((step) => step.index);
}

function withoutUndefined(values: FormAnswerValues): FormAnswerValues {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

/**
 * The lookup rule: a value with the e-mail format (looksLikeEmail) is looked up by e-mail,
 * anything else by id — e.g. forms/last-by-user-email/{email} versus forms/last-by-user-id/{id}.
 */
export function lookupBy(value: string): 'email' | 'id' {
  return looksLikeEmail(value) ? 'email' : 'id';
}
