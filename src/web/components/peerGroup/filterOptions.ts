// The choices of the filter panel, built from the questionnaire definition (GET forms/questionnaire):
// the same option codes and label keys the questionnaire uses, so a filter always matches stored answers.
// The experience bands and survey years are not questions: they come from the domain and the app config.
import type { components } from '../../../api/schema';
import { cityLabelKey, EXPERIENCE_BANDS, QUESTIONNAIRE_STEPS } from '../../../domain/questionnaire';
import type { FilterField, PeerGroupFilters } from '../../../domain/peerGroupFilters';

export type Questionnaire = components['schemas']['Questionnaire'];
type Question = components['schemas']['Question'];

export interface FilterChoice {
  value: string;
  /** Translation key of the label (questionnaire.options.<group>.<value>, comparison.experience_bands.<band>). */
  labelKey: string;
  /** A literal label (years), shown as is. */
  label?: string;
}

export type FilterChoices = Record<FilterField, FilterChoice[]>;

/** Filters whose choices are the option list of the questionnaire question of the same name. */
const QUESTION_FILTERS = ['country', 'sector', 'positionLevel', 'functionalArea', 'companySize', 'companyType', 'gender'] as const;

function questionsByName(definition: Questionnaire): Map<string, Question> {
  return new Map(definition.steps.flatMap((step) => step.questions).map((question) => [question.name, question]));
}

/**
 * The choices of every filter for the filters currently set: the cities are those of the chosen country
 * (none until a country is chosen), the years those of the survey.
 */
export function filterChoices(definition: Questionnaire | null, filters: PeerGroupFilters, years: readonly number[]): FilterChoices {
  const questions = definition ? questionsByName(definition) : new Map<string, Question>();
  const listOf = (name: string): FilterChoice[] => (questions.get(name)?.options ?? []).map(({ value, labelKey }) => ({ value, labelKey }));
  const city = questions.get('city');
  const cities = filters.country ? (city?.optionsBy?.[filters.country] ?? []) : [];
  const choices = {
    year: [...years].sort((a, b) => b - a).map((year) => ({ value: String(year), labelKey: '', label: String(year) })),
    city: cities.map(({ value, labelKey }) => ({ value, labelKey })),
    experienceBand: EXPERIENCE_BANDS.map((band) => ({ value: band, labelKey: `comparison.experience_bands.${band}` })),
  } as Partial<FilterChoices>;
  for (const field of QUESTION_FILTERS) choices[field] = listOf(field);
  return choices as FilterChoices;
}

/** The option lists of the questionnaire bundled with the app: the same codes and keys GET forms/questionnaire serves. */
const BUNDLED_QUESTIONS = new Map(QUESTIONNAIRE_STEPS.flatMap((step) => step.questions).map((question) => [question.name, question]));

/**
 * The translation key (or literal) of a set filter's value, for chips, the CSV and the history list. Until the
 * served definition has loaded (or when it could not be), the bundled one names the value: a chip never shows a
 * code such as "banking".
 */
export function choiceLabel(choices: FilterChoices, field: FilterField, value: string | number): FilterChoice {
  const text = String(value);
  const found = choices[field].find((choice) => choice.value === text);
  if (found) return found;
  // A city outside the chosen country's list (a ranking across countries, no country set): still its name.
  const cityKey = field === 'city' ? cityLabelKey(text) : null;
  if (cityKey) return { value: text, labelKey: cityKey };
  const bundled = BUNDLED_QUESTIONS.get(field)?.options?.find((option) => option.value === text);
  return bundled ? { value: text, labelKey: bundled.labelKey } : { value: text, labelKey: '', label: text };
}
