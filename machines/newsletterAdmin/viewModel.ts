// The admin newsletter issue as its view renders it: a pure function of the machine's snapshot (the subscribers
// list is the list machine's, read with machines/list/viewModel).
import type { SnapshotFrom } from 'xstate';
import type { IssueErrors, IssueMachine, NewsletterIssue, NewsletterIssuePreview, NewsletterPostSummary } from './issueMachine';

export interface IssueView {
  status: 'loading' | 'failed' | 'composing' | 'previewing' | 'preview' | 'starting' | 'sending' | 'sent';
  language: 'es' | 'en';
  posts: NewsletterPostSummary[];
  selected: string[];
  subject: string;
  intro: string;
  errors: IssueErrors;
  preview: NewsletterIssuePreview | null;
  issue: NewsletterIssue | null;
  /** Deliveries done out of the audience, 0–100. */
  progress: number;
  /** The last call failed; its error code when the server gave one. */
  failed: boolean;
  failureCode: string | null;
}

const STATUS_TAGS = ['loading', 'failed', 'composing', 'previewing', 'preview', 'starting', 'sending', 'sent'] as const;

export function issueView(snapshot: SnapshotFrom<IssueMachine>): IssueView {
  const status = STATUS_TAGS.find((tag) => snapshot.hasTag(tag)) ?? 'loading';
  const { language, posts, selected, subject, intro, errors, preview, issue, failure } = snapshot.context;
  const deliveries = issue?.deliveries;
  const done = deliveries ? deliveries.total - deliveries.queued - deliveries.sending : 0;
  const progress = deliveries && deliveries.total > 0 ? Math.round((100 * done) / deliveries.total) : status === 'sent' ? 100 : 0;
  return {
    status,
    language,
    posts,
    selected,
    subject,
    intro,
    errors,
    preview,
    issue,
    progress,
    failed: failure !== null,
    failureCode: failure?.errorCode ?? null,
  };
}
