// The newsletter sign-up as views render it: a pure function of the machine's snapshot.
import type { SnapshotFrom } from 'xstate';
import type { NewsletterKind, NewsletterSignupMachine, SignupErrors, SignupValues } from './newsletterSignupMachine';

export interface NewsletterSignupView {
  status: 'editing' | 'submitting' | 'sent';
  kind: NewsletterKind;
  values: SignupValues;
  errors: SignupErrors;
  /** The last send failed (the values are kept); its error code when the server gave one. */
  failed: boolean;
  failureCode: string | null;
  sentTo: string | null;
}

export function newsletterSignupView(snapshot: SnapshotFrom<NewsletterSignupMachine>): NewsletterSignupView {
  const status = snapshot.hasTag('submitting') ? 'submitting' : snapshot.hasTag('sent') ? 'sent' : 'editing';
  const { kind, values, errors, failure, sentTo } = snapshot.context;
  return { status, kind, values, errors, failed: failure !== null, failureCode: failure?.errorCode ?? null, sentTo };
}
