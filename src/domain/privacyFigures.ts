// The privacy promise and the utility it leaves, as measured by the attack suite (docs/statistics-and-privacy.md
// "The promise" and "Utility"). The methodology page states these figures; tests/privacy/informed-attacker.test.ts
// checks on every run that MEASURED_PRIVACY is what it measures (so the page never states other figures), and
// tests/privacy/utility.test.ts prints the utility figures beside the bars that hold them.

/** Fractions (0.184 = 18.4 %), over the suite's victims: the seeded panel's fixed salaries, scored against the entered values. */
export const MEASURED_PRIVACY = {
  /** Victims in the offline attack. */
  victims: 600,
  /** The group's own published median taken as the person's pay: median error, and share within 5 %. */
  baselineMedianError: 0.2159,
  baselineWithin5: 0.1283,
  /**
   * The Bayes attacker who knows the method, the noise distribution, the group's figures and the person's released
   * value: the median error of its posterior median, and the share within 5 % of its within-5 % maximiser.
   */
  attackerMedianError: 0.1552,
  attackerWithin5: 0.1967,
} as const;

/** Privacy error over sampling error (RMS over draws, median over groups of 20 or more), and medians of 200+ within 6 %. */
export const MEASURED_UTILITY = {
  means: 0.86,
  medians: 1.33,
  otherPercentiles: 1.41,
  largeMediansWithin6: 0.878,
} as const;

/** The figures as the methodology texts interpolate them, formatted by `percent` (whole percents) and `ratio`. */
export function promiseValues(percent: (value: number) => string, ratio: (value: number) => string = (v) => v.toFixed(2)) {
  const p = (fraction: number) => percent(Math.round(fraction * 1000) / 10);
  return {
    promiseVictims: String(MEASURED_PRIVACY.victims),
    baselineError: p(MEASURED_PRIVACY.baselineMedianError),
    baselineClose: p(MEASURED_PRIVACY.baselineWithin5),
    attackerError: p(MEASURED_PRIVACY.attackerMedianError),
    attackerClose: p(MEASURED_PRIVACY.attackerWithin5),
    utilityMeans: ratio(MEASURED_UTILITY.means),
    utilityMedians: ratio(MEASURED_UTILITY.medians),
    utilityPercentiles: ratio(MEASURED_UTILITY.otherPercentiles),
    utilityLargeMedians: p(MEASURED_UTILITY.largeMediansWithin6),
  };
}
