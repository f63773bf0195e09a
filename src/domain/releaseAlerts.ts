// Release alerts (docs/statistics-and-privacy.md "Release alerts"): the threshold a member chooses — the move of their
// group's published median in real terms, in percent, that warrants an e-mail after a release. The server checks it,
// the settings flow (machines/releaseAlerts) says at once when a typed value is out of range.
export const RELEASE_ALERT_THRESHOLD = { min: 1, max: 20, default: 3 } as const;

/** A whole number of percent within the range. */
export function isReleaseAlertThreshold(value: number): boolean {
  return Number.isInteger(value) && value >= RELEASE_ALERT_THRESHOLD.min && value <= RELEASE_ALERT_THRESHOLD.max;
}
