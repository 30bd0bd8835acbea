// The catalog in pieces (scripts/vite-catalog-parts.ts): the core before the first render, a feature's
// part when its code loads. Remembers which parts were asked for, so a change of language loads the
// same pieces in the new one before switching.
import { i18n, type Messages } from '@lingui/core';
import { catalogs } from 'virtual:noor-catalogs';
import type { Locale } from './locale';

const wanted = new Set<string>();
const pending = new Set<Promise<void>>();

async function messagesOf(locale: Locale, parts: Iterable<string>): Promise<Messages> {
  const loaders = catalogs[locale];
  const loaded = await Promise.all([...parts].map((part) => loaders[part]?.() ?? Promise.resolve({ messages: {} })));
  return Object.assign({}, ...loaded.map((module) => module.messages)) as Messages;
}

/** The core and every part asked for so far, in `locale`. */
export function catalogFor(locale: Locale): Promise<Messages> {
  return messagesOf(locale, ['core', ...wanted]);
}

/** Called (by the plugin's generated code) when a module that uses a part's messages is evaluated. */
export function requirePart(part: string): void {
  if (wanted.has(part)) return;
  wanted.add(part);
  const locale = i18n.locale as Locale | undefined;
  // Before the first activation there is nothing to merge into: activateLocale loads it with the core.
  if (!locale) return;
  const loading = messagesOf(locale, [part]).then(
    (messages) => i18n.load(locale, messages),
    // A failed chunk load shows up as the message ids; the next language change retries it.
    () => wanted.delete(part),
  );
  const settled: Promise<void> = loading.then(() => {
    pending.delete(settled);
  });
  pending.add(settled);
}

/** Resolves to a dynamically imported module once the parts its evaluation asked for are loaded. */
export async function afterParts<T>(module: Promise<T>): Promise<T> {
  const loaded = await module;
  await Promise.all([...pending]);
  return loaded;
}
