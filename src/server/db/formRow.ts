// The typed columns of a form, copied from its answers so statistics filter and aggregate on real columns.
export interface FormColumns {
  currency: string;
  country: string | null;
  city: string | null;
  sector: string | null;
  companySize: string | null;
  companyType: string | null;
  functionalArea: string | null;
  positionLevel: string | null;
  gender: string | null;
  yearsExperience: number | null;
  fixedSalary: number | null;
  annualBonus: number | null;
  deferredCompensation: number | null;
}

type Answers = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' ? value : null);
const num = (value: unknown) => (typeof value === 'number' ? value : null);

export function formColumns(answers: Answers): FormColumns {
  return {
    currency: text(answers.currency) ?? 'EUR',
    country: text(answers.country),
    city: text(answers.city),
    sector: text(answers.sector),
    companySize: text(answers.companySize),
    companyType: text(answers.companyType),
    functionalArea: text(answers.functionalArea),
    positionLevel: text(answers.positionLevel),
    gender: text(answers.gender),
    yearsExperience: num(answers.yearsExperience),
    fixedSalary: num(answers.fixedSalary),
    annualBonus: num(answers.annualBonus),
    deferredCompensation: num(answers.deferredCompensation),
  };
}

/** The form's columns in the order the forms table's insert statements list them (currency … deferred_compensation). */
export const columnValues = (answers: Answers) => {
  const c = formColumns(answers);
  return [
    c.currency,
    c.country,
    c.city,
    c.sector,
    c.companySize,
    c.companyType,
    c.functionalArea,
    c.positionLevel,
    c.gender,
    c.yearsExperience,
    c.fixedSalary,
    c.annualBonus,
    c.deferredCompensation,
  ];
};
