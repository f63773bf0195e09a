// The confirmation and unsubscribe pages as views render them: a pure function of the machine's snapshot.
import type { SnapshotFrom } from 'xstate';
import type { NewsletterLinkMachine } from './newsletterLinkMachine';
import { linkStatus } from '../shared/linkStatus';

export interface NewsletterLinkView {
  mode: 'confirm' | 'unsubscribe';
  status: 'asking' | 'working' | 'done' | 'invalid' | 'failed';
  email: string | null;
  /** Translation key of why the link does not work (newsletter.link.errors.*), when it does not. */
  reasonKey: string | null;
}

const REASONS: Record<string, string> = {
  NEWSLETTER_LINK_EXPIRED: 'newsletter.link.errors.expired',
  NEWSLETTER_LINK_USED: 'newsletter.link.errors.used',
};

export function newsletterLinkView(snapshot: SnapshotFrom<NewsletterLinkMachine>): NewsletterLinkView {
  const status = linkStatus(snapshot);
  const { mode, subscription, failure } = snapshot.context;
  const reasonKey = status === 'invalid' ? (REASONS[failure?.errorCode ?? ''] ?? 'newsletter.link.errors.invalid') : null;
  return { mode, status, email: subscription?.email ?? null, reasonKey };
}
