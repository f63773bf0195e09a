// The status of a page that acts on an e-mail's signed link (the newsletter's confirm/unsubscribe, the release
// alerts' unsubscribe), read from the chart's tags: asking for the click, done, a link that does not work, a failure,
// or working in between.
export type LinkStatus = 'asking' | 'working' | 'done' | 'invalid' | 'failed';

const TAGGED: readonly Exclude<LinkStatus, 'working'>[] = ['asking', 'done', 'invalid', 'failed'];

export function linkStatus(snapshot: { hasTag(tag: string): boolean }): LinkStatus {
  return TAGGED.find((tag) => snapshot.hasTag(tag)) ?? 'working';
}
