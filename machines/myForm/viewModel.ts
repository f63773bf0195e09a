// Pure snapshot → view model of the my-form flow, and the read-only summary of a form by step.
import type { SnapshotFrom } from 'xstate';
import { QUESTIONNAIRE_STEPS, type QuestionType } from '../../src/domain/questionnaire';
import type { Form, MyFormMachine } from './myFormMachine';

export type MyFormSnapshot = SnapshotFrom<MyFormMachine>;

export type MyFormPhase = 'loading' | 'loadFailed' | 'empty' | 'ready' | 'copied';

export interface MyFormView {
  phase: MyFormPhase;
  currentYear: number;
  /** The survey year of the form shown; null without a form. */
  year: number | null;
  status: Form['status'] | null;
  updatedAt: string | null;
  /** The form belongs to the current survey year. */
  isCurrentYear: boolean;
  /** "Update for this year": the form is of an earlier year. */
  canCopy: boolean;
  /** The confirm modal of type copy must be open. */
  confirming: boolean;
  copying: boolean;
  /** Translation key of a message about the copy (failed, or this year's form already existed). */
  noticeKey: string | null;
}

export function myFormView(snapshot: MyFormSnapshot): MyFormView {
  const { context } = snapshot;
  const phase: MyFormPhase = snapshot.hasTag('loading')
    ? 'loading'
    : snapshot.hasTag('loadFailed')
      ? 'loadFailed'
      : snapshot.hasTag('empty')
        ? 'empty'
        : snapshot.hasTag('copied')
          ? 'copied'
          : 'ready';
  const form = context.form;
  const copying = snapshot.hasTag('copying');
  return {
    phase,
    currentYear: context.currentYear,
    year: form?.surveyYear ?? null,
    status: form?.status ?? null,
    updatedAt: form?.updatedAt ?? null,
    isCurrentYear: form?.surveyYear === context.currentYear,
    canCopy: form !== null && form.surveyYear < context.currentYear && snapshot.hasTag('ready') && !copying && !snapshot.hasTag('confirming'),
    confirming: snapshot.hasTag('confirming'),
    copying,
    noticeKey: snapshot.hasTag('copyFailed') ? 'my_form.copy_failed' : context.copyFoundExisting ? 'my_form.copy_exists' : null,
  };
}

/** One answer as the summary shows it. */
export type SummaryValue =
  | { kind: 'none' }
  | { kind: 'option'; labelKey: string }
  | { kind: 'money'; amount: number; currency: string }
  | { kind: 'number'; value: number }
  | { kind: 'year'; value: number }
  | { kind: 'percent'; value: number }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'text'; value: string };

export interface SummaryRow {
  name: string;
  labelKey: string;
  value: SummaryValue;
}

export interface SummaryStep {
  index: number;
  titleKey: string;
  rows: SummaryRow[];
}

function summaryValue(type: QuestionType, value: unknown, labelKeyOf: (code: string) => string | undefined, currency: string): SummaryValue {
  // A tick box left unticked is an answer: no (the newsletter opt-in is never stored as false, only left out).
  if (type === 'boolean' && (value === undefined || value === null)) return { kind: 'boolean', value: false };
  if (value === undefined || value === null || value === '') return { kind: 'none' };
  switch (type) {
    case 'select': {
      const labelKey = typeof value === 'string' ? labelKeyOf(value) : undefined;
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a stored answer is a string, a number or a boolean
      return labelKey ? { kind: 'option', labelKey } : { kind: 'text', value: String(value) };
    }
    case 'money':
      return typeof value === 'number' ? { kind: 'money', amount: value, currency } : { kind: 'none' };
    case 'number':
      return typeof value === 'number' ? { kind: 'number', value } : { kind: 'none' };
    case 'year':
      return typeof value === 'number' ? { kind: 'year', value } : { kind: 'none' };
    case 'percent':
      return typeof value === 'number' ? { kind: 'percent', value } : { kind: 'none' };
    case 'boolean':
      return typeof value === 'boolean' ? { kind: 'boolean', value } : { kind: 'none' };
    case 'email':
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a stored answer is a string, a number or a boolean
      return { kind: 'text', value: String(value) };
  }
}

/** A form's answers by step, in questionnaire order, with the labels of the questionnaire definition. */
export function formSummary(form: Pick<Form, 'answers'>, options: { withEmail?: boolean } = {}): SummaryStep[] {
  const answers = form.answers as Record<string, unknown>;
  const currency = typeof answers.currency === 'string' ? answers.currency : 'EUR';
  return QUESTIONNAIRE_STEPS.map((step) => ({
    index: step.index,
    titleKey: step.key,
    rows: step.questions
      .filter((question) => question.name !== 'email' || options.withEmail)
      .map((question) => {
        const options_ = question.dependsOn
          ? (question.optionsBy?.[String((answers[question.dependsOn] as string | number | undefined) ?? '')] ?? [])
          : (question.options ?? []);
        const labelKeyOf = (code: string) => options_.find((option) => option.value === code)?.labelKey;
        return { name: question.name, labelKey: question.labelKey, value: summaryValue(question.type, answers[question.name], labelKeyOf, currency) };
      }),
  }));
}
