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

/**
 * The language of a person's own words (a review, a bio), guessed from its script: Arabic letters make
 * it Arabic, Latin letters alone English; undefined when it has neither. Set as `lang` beside
 * dir="auto", so a screen reader reads an English review on an Arabic page in an English voice.
 */
export function scriptLang(text: string): 'ar' | 'en' | undefined {
  if (ARABIC.test(text)) return 'ar';
  return LATIN.test(text) ? 'en' : undefined;
}
