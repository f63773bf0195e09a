// A text whose sentence ends right after a value put into it ("… de {{company}}.") gets two periods when the value
// ends in one ("Grupo Demo S.A." → "S.A.."). Written text never doubles a period: the value's own closes the
// sentence. An ellipsis ("…" or "...") is left as it is.

/** The text with every doubled period ("..", not part of "...") made one. */
export function collapseDoublePeriod(text: string): string {
  return text.includes('..') ? text.replace(/(?<!\.)\.\.(?!\.)/g, '.') : text;
}
