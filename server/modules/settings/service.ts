// Flattens settings rows into the object the client reads: a localized value `{ar, en}` under key K
// becomes K (caller's language), K_ar and K_en; other values are passed through.
import type { Locale } from '../../i18n';

function isLocalized(value: unknown): value is { ar: string; en: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as Record<string, unknown>).ar === 'string' &&
    typeof (value as Record<string, unknown>).en === 'string'
  );
}

export function flattenSettings(rows: { key: string; value: unknown }[], locale: Locale): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { key, value } of rows) {
    if (isLocalized(value)) {
      out[key] = value[locale];
      out[`${key}_ar`] = value.ar;
      out[`${key}_en`] = value.en;
    } else {
      out[key] = value;
    }
  }
  return out;
}
