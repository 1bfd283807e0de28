/**
 * Shared Intl formatters. Building an `Intl.DateTimeFormat` costs far more than formatting with
 * one (it resolves the locale's data each time): a list of a hundred rows that built one per
 * row spent about 0.1 s of a phone's main thread on it at hydration. Formatters are kept per
 * locale and options; the set of those is small and fixed by the code, and the bound only
 * guards against a caller that varies them freely.
 */
const MAX_KEPT = 256;
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function kept<F>(cache: Map<string, F>, key: string, create: () => F): F {
  let formatter = cache.get(key);
  if (formatter === undefined) {
    if (cache.size >= MAX_KEPT) cache.clear();
    formatter = create();
    cache.set(key, formatter);
  }
  return formatter;
}

export function dateTimeFormat(iso: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return kept(dateFormats, `${iso}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(iso, options));
}

export function numberFormat(iso: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return kept(numberFormats, `${iso}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(iso, options));
}
