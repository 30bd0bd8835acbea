// Names and bios in the other script (an Arabic name on an English page, a Latin one on an Arabic page)
// are isolated, so the punctuation around them lands where the sentence puts it: markup wraps them in
// <bdi> or dir="auto"; a sentence built as a string (a notification) wraps them in the Unicode isolate
// marks FSI … PDI, which are <bdi> in text.
const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
const LATIN = /[A-Za-z\u00C0-\u024F]/;

/** `text` wrapped in FSI … PDI when its script is not the page's; unchanged otherwise (and when empty). */
export function isolateText(text: string, locale: string): string {
  if (text === '') return text;
  const other = locale === 'ar' ? LATIN.test(text) : ARABIC.test(text);
  return other ? `\u2068${text}\u2069` : text;
}
