// Readable admin charts: category labels broken into lines instead of cut ("Responsable de …"), and a value axis
// of whole counts on round steps (ApexCharts alone labels fractional ticks and cuts them to "…").

/** A label as lines of at most `maxChars` (a longer single word keeps its own line); one line stays a string. */
export function wrapLabel(label: string, maxChars: number): string | string[] {
  const lines: string[] = [];
  for (const word of label.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= maxChars) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.length <= 1 ? label : lines;
}

/** The largest number of intervals the value axis is divided into. */
export const MOST_COUNT_INTERVALS = 5;

/**
 * The value axis of counts up to `largest`: from 0 to a multiple of a round whole step (1, 2, 5 × 10ⁿ), in at
 * most MOST_COUNT_INTERVALS intervals, so every tick is a whole number.
 */
export function countAxis(largest: number): { max: number; tickAmount: number; step: number } {
  const top = Math.max(1, Math.ceil(largest));
  let step = 1;
  for (let magnitude = 1; ; magnitude *= 10) {
    const found = [1, 2, 5].map((m) => m * magnitude).find((candidate) => Math.ceil(top / candidate) <= MOST_COUNT_INTERVALS);
    if (found) {
      step = found;
      break;
    }
  }
  const tickAmount = Math.ceil(top / step);
  return { max: tickAmount * step, tickAmount, step };
}

/** Height of a line of an 11 px label, and the room around a horizontal bar's label (px). */
const LABEL_LINE_PX = 14;
const ROW_PADDING_PX = 12;
/** Room for the legend and the value axis around the rows (px). */
const CHART_CHROME_PX = 70;

/**
 * The height that gives each row of horizontal bars room for its wrapped label: the tallest label's lines plus
 * padding, per category, so two long names ("Administración pública", "Transporte y logística") never touch.
 */
export function horizontalChartHeight(labels: Array<string | string[]>, minimum: number): number {
  const lines = Math.max(1, ...labels.map((label) => (Array.isArray(label) ? label.length : 1)));
  return Math.max(minimum, labels.length * (lines * LABEL_LINE_PX + ROW_PADDING_PX) + CHART_CHROME_PX);
}
