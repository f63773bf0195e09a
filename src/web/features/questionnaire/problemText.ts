// The interpolation parameters of an answer's problem in the reader's language: limits of money answers as
// money in the form's currency (80.000 € / €80,000), other limits as numbers of the language.
import type { Language } from '../../../domain/constants';
import { formatCount } from '../../../domain/language';
import { formatMoney } from '../../../domain/money';
import { formatDecimalNumber } from '../../../domain/answerEntry';
import type { QuestionView } from '../../../../machines/questionnaire/viewModel';

export function problemParams(view: Pick<QuestionView, 'type' | 'currency' | 'problem'>, language: Language): Record<string, string | number> {
  const params: Record<string, string | number> = { ...(view.problem?.params ?? {}) };
  for (const limit of ['min', 'max'] as const) {
    const value = params[limit];
    if (typeof value !== 'number') continue;
    if (view.type === 'money') params[limit] = formatMoney(value, language, view.currency ?? undefined);
    else if (view.type === 'percent') params[limit] = `${formatDecimalNumber(value, language)} %`;
    else if (view.type === 'year') params[limit] = String(value);
    else params[limit] = formatCount(value, language);
  }
  return params;
}
