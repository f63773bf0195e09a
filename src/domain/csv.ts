// CSV text as the app's downloads write it (RFC 4180: comma separated, CRLF, quotes where needed): the comparison's
// download and the newsletter subscribers' export. Pure.

/** Excel opens UTF-8 CSV correctly only with a byte order mark. */
export const CSV_BOM = '\ufeff';

/** One field: empty for null, undefined or a number that is not finite; quoted when it holds a separator, a quote or a line break. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
  // A leading = + - @ would make a spreadsheet run the cell as a formula (CSV injection).
  const safe = typeof value === 'string' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One line of fields, without its line break. */
export function csvRow(fields: ReadonlyArray<string | number | null | undefined>): string {
  return fields.map(csvField).join(',');
}
