// What the personal views' actors share: a call's data or the CallFailure it ended with, and what a
// machine reads of an error (status and errorCode). Pure helpers over the typed client's results.
import { failureOf } from '../../src/api/callFailure';
export { failureOf, failureOfResult, dataOf } from '../../src/api/callFailure';

export const isInsufficientCredits = (error: unknown) => {
  const failure = failureOf(error);
  return failure.status === 402 && failure.errorCode === 'INSUFFICIENT_CREDITS';
};

/** A member without a completed form (403 FORM_REQUIRED) or a person without one (404 NO_COMPLETED_FORM). */
export const needsForm = (error: unknown) => {
  const code = failureOf(error).errorCode;
  return code === 'FORM_REQUIRED' || code === 'NO_COMPLETED_FORM';
};
