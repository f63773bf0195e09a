// The corporate plan form as views render it: a pure function of the machine's snapshot.
import type { SnapshotFrom } from 'xstate';
import type { ContactErrors, ContactValues, CorporateContactMachine } from './corporateContactMachine';

export interface CorporateContactView {
  status: 'editing' | 'sending' | 'sent';
  values: ContactValues;
  errors: ContactErrors;
  /** The last send failed (the values are kept). */
  failed: boolean;
}

export function corporateContactView(snapshot: SnapshotFrom<CorporateContactMachine>): CorporateContactView {
  const status = snapshot.hasTag('sending') ? 'sending' : snapshot.hasTag('sent') ? 'sent' : 'editing';
  return { status, values: snapshot.context.values, errors: snapshot.context.errors, failed: snapshot.context.failure !== null };
}
