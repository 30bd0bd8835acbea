// The CSP hashes of the inline scripts the built pages carry (first paint): index.html's
// start-up script is inline so nothing blocks the first paint, and the policy allows exactly that
// code by its sha256, never 'unsafe-inline'. The build (scripts/vite-prerender.ts) writes them to
// csp.json next to the pages; the server reads that file once at start (server/app.ts).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The file the build writes next to index.html. */
const CSP_MANIFEST = 'csp.json';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The hash of every inline script a browser would run in this HTML. A data block (a `type` other than
 * JavaScript, like the JSON of the server-rendered pages) is never run, so it needs none.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attrs = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(attrs)) continue;
    const type = /\stype\s*=\s*"([^"]*)"/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript') continue;
    hashes.push(sha256(body));
  }
  return hashes;
}

/** The script hashes of every page the build wrote; none without a build (then no page has inline scripts). */
export function readInlineHashes(staticDir: string | undefined): { script: string[] } {
  if (!staticDir) return { script: [] };
  try {
    const parsed = JSON.parse(readFileSync(path.join(staticDir, CSP_MANIFEST), 'utf8')) as { script?: string[] };
    return { script: (parsed.script ?? []).filter((h) => /^'sha256-[A-Za-z0-9+/=]+'$/.test(h)) };
  } catch {
    return { script: [] };
  }
}

/** Build step: the hashes of every inline script of every page under `outDir`, into its csp.json. */
export async function writeInlineHashes(outDir: string): Promise<string[]> {
  const hashes = new Set<string>();
  for (const entry of await readdir(outDir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    for (const hash of inlineScriptHashes(await readFile(path.join(entry.parentPath, entry.name), 'utf8'))) hashes.add(hash);
  }
  const script = [...hashes].sort();
  await writeFile(path.join(outDir, CSP_MANIFEST), `${JSON.stringify({ script }, null, 2)}\n`);
  return script;
}
