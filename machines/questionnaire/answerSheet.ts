// The answers being filled in, as pure functions the questionnaire machine and its view model share: reading
// what the person typed (src/domain/answerEntry.ts), the problems of a step (src/domain/formValidation.ts),
// what may be sent to the server, and how a local draft and a stored form come together. No I/O.
import type { Language } from '../../src/domain/constants';
import { formatEntry, isNumericType, readEntry, entryText, type EntryProblemKey } from '../../src/domain/answerEntry';
import {
  FORM_VALIDATION_KEYS,
  isBlank,
  questionOf,
  validateAnswer,
  validateStep,
  type FormAnswerValues,
  type FormValidationKey,
} from '../../src/domain/formValidation';
import { QUESTIONNAIRE_STEPS } from '../../src/domain/questionnaire';

/** Steps 0–4 (routes steps/1 … steps/5). */
export const STEP_COUNT = QUESTIONNAIRE_STEPS.length;
export const LAST_STEP = STEP_COUNT - 1;

/** A problem of one answer: a translation key under questionnaire.validation and its parameters. */
export interface AnswerProblem {
  field: string;
  key: FormValidationKey | EntryProblemKey;
  params: Record<string, string | number>;
}

/** What a view sends for one answer: the text of a typed answer, an option code, yes/no, or null to clear it. */
export type RawAnswer = string | boolean | null;

/** The answers as the person sees them. */
export interface AnswerSheet {
  /** Values as the server stores them (numbers, option codes, booleans); absent when blank or unreadable. */
  answers: FormAnswerValues;
  /** Texts of the numeric answers as shown (formatted money, or exactly what was typed when unreadable). */
  entries: Record<string, string>;
  /** Typed texts the language cannot read ("90,000" in Spanish): nothing is stored until they are fixed. */
  entryProblems: Record<string, AnswerProblem>;
}

export const EMPTY_SHEET: AnswerSheet = { answers: {}, entries: {}, entryProblems: {} };

/** Who fills the form in: decides whether the e-mail address is asked and required. */
export interface SheetContext {
  signedOut: boolean;
}

function without<T>(record: Record<string, T>, field: string): Record<string, T> {
  if (!(field in record)) return record;
  const { [field]: _dropped, ...rest } = record;
  return rest;
}

/**
 * Applies what the person typed or chose. Numeric texts are read in the language: a clean reading stores
 * the number (and a money text is shown formatted), an unreadable one keeps the text and reports why.
 */
export function applyRawAnswers(sheet: AnswerSheet, values: Readonly<Record<string, RawAnswer>>, language: Language): AnswerSheet {
  let { answers, entries, entryProblems } = sheet;
  answers = { ...answers };
  for (const [field, raw] of Object.entries(values)) {
    const question = questionOf(field);
    if (!question) continue; // not an answer of the questionnaire: ignored
    entryProblems = without(entryProblems, field);
    if (raw === null || raw === '') {
      delete answers[field];
      entries = without(entries, field);
      continue;
    }
    if (isNumericType(question.type)) {
      const text = String(raw);
      const reading = readEntry(question.type, text, language);
      entries = { ...entries, [field]: entryText(question.type, text, reading, language) };
      if (reading.kind === 'value') answers[field] = reading.value;
      else {
        delete answers[field];
        if (reading.kind === 'problem') entryProblems = { ...entryProblems, [field]: { field, key: reading.key, params: reading.params } };
        else entries = without(entries, field);
      }
      continue;
    }
    if (question.type === 'boolean') answers[field] = raw === true || raw === 'true';
    else answers[field] = typeof raw === 'string' ? raw.trim() : raw;
    // A new country empties a city that is not one of its cities.
    if (field === 'country' && !isBlank(answers.city) && validateAnswer('city', answers.city, answers) !== null) delete answers.city;
  }
  return { answers, entries, entryProblems };
}

/** The texts of the numeric answers, formatted in `language` (on load, and when the language changes). */
export function formatEntries(answers: FormAnswerValues, language: Language, keep: Record<string, string> = {}): Record<string, string> {
  const entries: Record<string, string> = { ...keep };
  for (const [field, value] of Object.entries(answers)) {
    const question = questionOf(field);
    if (question && isNumericType(question.type) && typeof value === 'number') entries[field] = formatEntry(question.type, value, language);
  }
  return entries;
}

/** The sheet shown in another language: readable numbers are re-formatted, unreadable texts are left as typed. */
export function relanguage(sheet: AnswerSheet, language: Language): AnswerSheet {
  const unreadable = Object.fromEntries(Object.keys(sheet.entryProblems).map((field) => [field, sheet.entries[field] ?? '']));
  return { ...sheet, entries: formatEntries(sheet.answers, language, unreadable) };
}

/** Whether the question is asked in this context: the e-mail address only in the anonymous flow. */
export function isAsked(field: string, context: SheetContext): boolean {
  return field !== 'email' || context.signedOut;
}

/** The problems of one step, one per answer: the typed text's problem first, then the rule of the answer. */
export function stepProblems(sheet: AnswerSheet, stepIndex: number, context: SheetContext): AnswerProblem[] {
  const step = QUESTIONNAIRE_STEPS[stepIndex];
  if (!step) return [];
  const ruled = new Map<string, AnswerProblem>();
  for (const issue of validateStep(stepIndex, sheet.answers, context)) {
    if (!ruled.has(issue.field)) ruled.set(issue.field, issue);
  }
  const problems: AnswerProblem[] = [];
  for (const question of step.questions) {
    if (!isAsked(question.name, context)) continue;
    const problem = sheet.entryProblems[question.name] ?? ruled.get(question.name);
    // A required yes/no answer (the privacy consent) left blank asks for the same as one answered no.
    if (problem && question.type === 'boolean' && problem.key === FORM_VALIDATION_KEYS.required) {
      problems.push({ ...problem, key: FORM_VALIDATION_KEYS.mustBeAccepted });
    } else if (problem) problems.push(problem);
  }
  return problems;
}

/** Indexes of the steps with problems, ascending. */
export function stepsWithProblems(sheet: AnswerSheet, context: SheetContext): number[] {
  return QUESTIONNAIRE_STEPS.filter((step) => stepProblems(sheet, step.index, context).length > 0).map((step) => step.index);
}

/**
 * What a save sends: every given answer that keeps the rules (each checked against the others, so the city
 * goes with its country). An answer with a problem stays on the screen and in the local draft only; the
 * server never receives a value it would refuse. Signed in, the e-mail address is the account's.
 */
export function savableAnswers(sheet: AnswerSheet, context: SheetContext): FormAnswerValues {
  const patch: FormAnswerValues = {};
  for (const [field, value] of Object.entries(sheet.answers)) {
    if (isBlank(value) || !isAsked(field, context)) continue;
    if (validateAnswer(field, value, sheet.answers) === null) patch[field] = value;
  }
  return patch;
}

/** Answers given on screen that the server does not hold yet (or holds differently), or unreadable texts. */
export function hasUnsavedAnswers(sheet: AnswerSheet, saved: FormAnswerValues): boolean {
  if (Object.keys(sheet.entryProblems).length > 0) return true;
  return Object.entries(sheet.answers).some(([field, value]) => !isBlank(value) && saved[field] !== value);
}

/**
 * The step to open: the one asked for, if it was reached (see reachedSteps) or comes before the first step not
 * reached; otherwise that first step not reached.
 */
export function openableStep(requested: number, reached: readonly number[]): number {
  const frontier = firstUnsavedStep(reached);
  if (requested >= 0 && requested <= LAST_STEP && (reached.includes(requested) || requested <= frontier)) return requested;
  return frontier;
}

/** The first step not in `steps` (the last step when all are). */
export function firstUnsavedStep(steps: readonly number[]): number {
  for (let index = 0; index < STEP_COUNT; index++) if (!steps.includes(index)) return index;
  return LAST_STEP;
}

/** The steps saved on the server or answered completely here (a copied form's steps in the editor). */
export function reachedSteps(sheet: AnswerSheet, completedSteps: readonly number[], context: SheetContext): number[] {
  const withProblems = new Set(stepsWithProblems(sheet, context));
  return QUESTIONNAIRE_STEPS.map((step) => step.index).filter((index) => completedSteps.includes(index) || !withProblems.has(index));
}

/** A step the person may jump to from the progress indicator: a reached one or the first after them. */
export function isReachable(step: number, reached: readonly number[]): boolean {
  return step >= 0 && step <= LAST_STEP && (reached.includes(step) || step === firstUnsavedStep(reached));
}

/** The draft kept in the browser so nothing typed is lost (reload, another tab, offline). */
export interface LocalDraft {
  /** The form the draft belongs to; null before the form exists (first step of the anonymous flow). */
  formId: string | null;
  /** 'anonymous' or the id of the signed-in user whose draft it is. */
  owner: string;
  answers: FormAnswerValues;
  /** Unreadable typed texts, kept as typed, with the language they were typed in. */
  pendingTexts: Record<string, string>;
  language: Language;
  stepIndex: number;
  updatedAt: string;
}

/**
 * The answers to resume with: the stored form's, overlaid with the local draft when the draft belongs to the
 * same form (or to no form yet) and was written after the form was last saved.
 */
export function resumeSheet(
  form: { id: string; answers: FormAnswerValues; updatedAt: string } | null,
  draft: LocalDraft | null,
  language: Language,
): AnswerSheet {
  const stored = form?.answers ?? {};
  const usable =
    draft !== null && (form === null ? draft.formId === null : draft.formId === form.id && Date.parse(draft.updatedAt) >= Date.parse(form.updatedAt));
  const answers = usable ? { ...stored, ...draft.answers } : { ...stored };
  let sheet: AnswerSheet = { answers, entries: formatEntries(answers, language), entryProblems: {} };
  if (usable && Object.keys(draft.pendingTexts).length > 0) sheet = applyRawAnswers(sheet, draft.pendingTexts, draft.language);
  return relanguage(sheet, language);
}

/** The draft of a sheet (what `storeDraft` writes). */
export function draftOf(sheet: AnswerSheet, formId: string | null, owner: string, language: Language, stepIndex: number, now: Date): LocalDraft {
  const pendingTexts = Object.fromEntries(Object.keys(sheet.entryProblems).map((field) => [field, sheet.entries[field] ?? '']));
  return { formId, owner, answers: sheet.answers, pendingTexts, language, stepIndex, updatedAt: now.toISOString() };
}

/** The e-mail address prefilled from formEmail (campaign links), when it is a valid address. */
export function prefilledEmail(formEmail: string | null): string | null {
  if (!formEmail) return null;
  return validateAnswer('email', formEmail) === null ? formEmail : null;
}
