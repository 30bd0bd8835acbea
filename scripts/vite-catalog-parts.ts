// Vite plugin: splits each locale's Lingui catalog into a small core, loaded before the first render,
// and one part per lazy feature, loaded with that feature's code (the home route's first
// download ≤ 150 KB gzip; the whole Arabic catalog alone was 21 KB, most of it legal and studio text).
//
// A message goes to the part of a feature when every place that uses it lies in that feature's folder
// (for `src/features/pages`, in that one page's file, since the legal texts are the bulk); anything
// used elsewhere, or in files the entry loads, stays in the core. Each source file that uses a part's
// messages starts loading that part when it is evaluated, and every dynamic `import('…')` in src/ is
// wrapped so it resolves only after the parts asked for meanwhile are in: a lazy route or component
// never renders before its messages. (Top-level await did the same but made the bundler split the
// entry into dozens of chunks.)
// Split off (`split: false`, the unit tests) the core is the whole catalog and there are no parts.
import path from 'node:path';
import type { Plugin } from 'vite';
import { getConfig } from '@lingui/conf';
import { createCompiledCatalog, getCatalogs } from '@lingui/cli/api';

const CATALOGS_ID = 'virtual:noor-catalogs';
const PART_PREFIX = 'virtual:noor-catalog/';
const RESOLVED = '\0';

/** Files in lazy feature folders that the entry bundle loads: their messages must be in the core. */
const EAGER_FILES = new Set([
  'src/features/pages/home.tsx',
  'src/features/pages/hero-art.tsx',
  'src/features/pages/not-found.tsx',
  'src/features/teacher/use-teacher-status-channel.ts',
]);
/** Feature folders whose code is always in the first download. */
const EAGER_FEATURES = new Set(['reference']);

/** The part a source file's messages may go to, or null for the core. */
function partOf(file: string): string | null {
  if (EAGER_FILES.has(file)) return null;
  const match = /^src\/features\/([^/]+)\/(.+)\.tsx?$/.exec(file);
  if (!match || EAGER_FEATURES.has(match[1]!)) return null;
  return match[1] === 'pages' ? `pages-${path.basename(match[2]!)}` : match[1]!;
}

interface Split {
  /** locale → part ('core' included) → id → compiled message source */
  messages: Map<string, Map<string, Record<string, unknown>>>;
  /** source file (relative to the root) → the part its messages went to */
  fileParts: Map<string, string>;
}

async function splitCatalogs(root: string, split: boolean): Promise<Split> {
  const config = getConfig({ cwd: root });
  const messages = new Map<string, Map<string, Record<string, unknown>>>();
  const fileParts = new Map<string, string>();
  for (const catalog of await getCatalogs(config)) {
    // The part of each message is decided once, from the source locale's origins.
    const source = await catalog.read(config.sourceLocale ?? 'en');
    const partOfId = new Map<string, string>();
    for (const [id, entry] of Object.entries(source ?? {})) {
      const files = (entry.origin ?? []).map(([file]) => file);
      const parts = new Set(files.map(partOf));
      const part = split && parts.size === 1 && !parts.has(null) ? [...parts][0]! : 'core';
      partOfId.set(id, part);
      if (part !== 'core') for (const file of files) fileParts.set(file, part);
    }
    for (const locale of config.locales) {
      const { messages: translated } = await catalog.getTranslations(locale, {
        fallbackLocales: config.fallbackLocales || {},
        sourceLocale: config.sourceLocale ?? 'en',
      });
      const byPart = messages.get(locale) ?? new Map<string, Record<string, unknown>>();
      for (const [id, text] of Object.entries(translated)) {
        const part = partOfId.get(id) ?? 'core';
        const bucket = byPart.get(part) ?? {};
        bucket[id] = text;
        byPart.set(part, bucket);
      }
      if (!byPart.has('core')) byPart.set('core', {});
      messages.set(locale, byPart);
    }
  }
  return { messages, fileParts };
}

export function catalogParts(options: { split: boolean }): Plugin {
  let root = process.cwd();
  let pending: Promise<Split> | null = null;
  const load = () => (pending ??= splitCatalogs(root, options.split));
  return {
    name: 'noor-catalog-parts',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    handleHotUpdate({ file }) {
      if (file.endsWith('.po')) pending = null;
    },
    resolveId(id) {
      if (id === CATALOGS_ID || id.startsWith(PART_PREFIX)) return RESOLVED + id;
      return null;
    },
    async load(id) {
      const name = id.slice(RESOLVED.length);
      if (!id.startsWith(RESOLVED) || (name !== CATALOGS_ID && !name.startsWith(PART_PREFIX))) return null;
      const { messages } = await load();
      if (name === CATALOGS_ID) {
        // One static import() per locale and part, so the bundler makes each its own chunk.
        const entries = [...messages].map(([locale, parts]) => {
          const loaders = [...parts.keys()].map(
            (part) => `${JSON.stringify(part)}: () => import(${JSON.stringify(`${PART_PREFIX}${locale}/${part}`)})`,
          );
          return `${JSON.stringify(locale)}: { ${loaders.join(', ')} }`;
        });
        return `export const catalogs = { ${entries.join(', ')} };`;
      }
      const [locale, part] = name.slice(PART_PREFIX.length).split('/');
      const bucket = messages.get(locale!)?.get(part!);
      if (!bucket) throw new Error(`[catalog-parts] no catalog part ${name}`);
      return createCompiledCatalog(locale!, bucket as never, { namespace: 'es' }).source;
    },
    async transform(code, id) {
      if (!options.split || id.includes('\0') || !id.startsWith(path.join(root, 'src') + path.sep)) return null;
      const file = path.relative(root, id.split('?')[0]!).split(path.sep).join('/');
      if (file === 'src/i18n/catalog-parts.ts') return null;
      const part = id.includes('?') ? undefined : (await load()).fileParts.get(file);
      // Every dynamic import (lazy routes, lazy components) resolves only once the parts its modules
      // asked for are loaded, so nothing renders before its messages are there.
      const deferred = code.replace(/(?<!typeof\s*)\bimport\((['"][^'"]+['"])\)/g, '__noorAfterParts(import($1))');
      if (!part && deferred === code) return null;
      const loader = JSON.stringify(path.join(root, 'src/i18n/catalog-parts.ts'));
      const head = [
        `import { afterParts as __noorAfterParts, requirePart as __noorRequirePart } from ${loader};`,
        part ? `__noorRequirePart(${JSON.stringify(part)});` : '',
      ].join('\n');
      return { code: `${head}\n${deferred}`, map: null };
    },
  };
}
