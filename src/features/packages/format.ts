// Money as the packages screen shows it (its dates come from src/domain/time.ts), in the active locale. Decision (README): the
// locale tag is used as is — 'ar' formats with Western digits (CLDR's default for generic Arabic, and
// what card numbers and prices in Qatar are written with), 'en' likewise; the currency is QAR.
export function formatMoney(amount: number, currency: string, locale: string): string {
  // Whole riyals need no decimals; a discount can leave dirhams.
  const fraction = Number.isInteger(amount) ? 0 : 2;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: fraction,
    maximumFractionDigits: 2,
  }).format(amount);
}
