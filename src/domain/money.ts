// Money kept in integer minor units (a teacher's rate, a statement's amounts) as the reader's locale
// writes it, and an amount typed in major units ("75.50") back into minor units without floats.

function fractionDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** Integer minor units of `currency` (6000 QAR minor = QAR 60.00) in the reader's locale. */
export function formatMinor(amountMinor: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amountMinor / 10 ** fractionDigits(currency));
}

/** "75.5" → 7550 for QAR; null when it is not a plain non-negative amount with at most the currency's decimals. */
export function parseMajor(text: string, currency: string): number | null {
  const digits = fractionDigits(currency);
  const match = /^(\d{1,7})(?:\.(\d+))?$/.exec(text.trim());
  if (!match || (match[2] ?? '').length > digits) return null;
  return Number(match[1]) * 10 ** digits + Number((match[2] ?? '').padEnd(digits, '0') || '0');
}
