// A message's text with its web addresses as links (parents and teachers share lesson material): only
// http(s) addresses, opened in a new tab without the opener or a referrer. Everything else stays text.
import type { ReactNode } from 'react';

const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/gi;
// Punctuation that ends a sentence rather than an address ("see https://x.org/a.").
const TRAILING = /[.,;:!?)\]}،؛؟»"']+$/u;

export function MessageText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const raw = match[0];
    const url = raw.replace(TRAILING, '');
    const start = match.index;
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      <a key={start} href={url} target="_blank" rel="noopener noreferrer nofollow ugc" dir="ltr">
        {url}
      </a>,
    );
    last = start + url.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
