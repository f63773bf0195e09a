// The questionnaire definition as GET forms/questionnaire serves it: src/domain/questionnaire.ts in the
// contract's Questionnaire shape, with a version that is a hash of the definition (the web app's cache key
// and the ETag), so a deploy that changes the definition changes both and nothing stale is served.
import { createHash } from 'node:crypto';
import type { components } from '../../api/schema';
import { QUESTIONNAIRE_CURRENCY, QUESTIONNAIRE_STEPS } from '../../domain/questionnaire';
import { ANSWER_FIELDS } from '../../domain/formValidation';

export type QuestionnaireBody = components['schemas']['Questionnaire'];

/** Browsers and proxies may keep it an hour, then revalidate with If-None-Match (a 304 costs nothing). */
export const QUESTIONNAIRE_CACHE_CONTROL = 'public, max-age=3600';

export interface ServedQuestionnaire {
  body: QuestionnaireBody;
  etag: string;
}

function build(): ServedQuestionnaire {
  for (const step of QUESTIONNAIRE_STEPS) {
    for (const question of step.questions) {
      if (!(ANSWER_FIELDS as readonly string[]).includes(question.name)) {
        throw new Error(`questionnaire question ${question.name} is not an answer field of the contract`);
      }
    }
  }
  const definition = { currency: QUESTIONNAIRE_CURRENCY, steps: QUESTIONNAIRE_STEPS } as Omit<QuestionnaireBody, 'version'>;
  const version = createHash('sha256').update(JSON.stringify(definition)).digest('base64url').slice(0, 22);
  return { body: { version, ...definition }, etag: `"q-${version}"` };
}

let served: ServedQuestionnaire | undefined;

/** Built once per process: the definition is code, it only changes with a deploy. */
export function servedQuestionnaire(): ServedQuestionnaire {
  served ??= build();
  return served;
}

/** Whether an If-None-Match header names this ETag (a list, weak validators and `*` included). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === etag);
}
