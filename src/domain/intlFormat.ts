// Intl formatters are costly to build (tens of milliseconds per first render on a phone) and cheap to
// reuse: every formatter the app needs is built once per locale and options, then kept.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** The formatter kept under `locale` and `options`, built by `build` the first time. */
function kept<F>(formats: Map<string, F>, locale: string, options: object, build: () => F): F {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = build();
    formats.set(key, format);
  }
  return format;
}

/** `new Intl.NumberFormat(locale, options)`, built once per locale and options. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return kept(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options));
}

/** `new Intl.DateTimeFormat(locale, options)`, built once per locale and options. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  return kept(dateTimeFormats, locale, options, () => new Intl.DateTimeFormat(locale, options));
}
