// The catalog split (scripts/vite-catalog-parts.ts): the long texts of one page live in that
// page's part, not in the core every visitor downloads; the page's module asks for its part, every
// dynamic import waits for the parts; unsplit (the unit tests) the core is the whole catalog.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Plugin } from 'vite';
import { catalogParts } from '../../scripts/vite-catalog-parts';

const root = path.resolve(import.meta.dirname, '../..');
const PRIVACY_AR = 'ملفات تعريف';

type Hook = (...args: unknown[]) => Promise<{ code: string } | string | null>;
function plugin(split: boolean) {
  const p = catalogParts({ split }) as Plugin & Record<string, unknown>;
  (p.configResolved as (c: { root: string }) => void)({ root });
  const call = (name: 'load' | 'transform') => (p[name] as Hook).bind({});
  return { load: (id: string) => call('load')(`\0${id}`) as Promise<string>, transform: call('transform') };
}

describe('catalog parts', () => {
  it('keeps the privacy page text out of the core and in its own part', async () => {
    const { load } = plugin(true);
    const core = await load('virtual:noor-catalog/ar/core');
    const privacy = await load('virtual:noor-catalog/ar/pages-privacy-policy');
    expect(privacy).toContain(PRIVACY_AR);
    expect(core).not.toContain(PRIVACY_AR);
    expect(core.length).toBeLessThan(privacy.length * 4);
    expect(await load('virtual:noor-catalogs')).toContain('virtual:noor-catalog/en/pages-privacy-policy');
  });

  it('makes the page ask for its part and dynamic imports wait for parts', async () => {
    const { transform } = plugin(true);
    const page = (await transform('export const x = 1;', path.join(root, 'src/features/pages/privacy-policy.tsx'))) as { code: string };
    expect(page.code).toContain('__noorRequirePart("pages-privacy-policy")');
    const lazy = (await transform("const m = () => import('./a'); type T = typeof import('./b');", path.join(root, 'src/app/x.ts'))) as {
      code: string;
    };
    expect(lazy.code).toContain("__noorAfterParts(import('./a'))");
    expect(lazy.code).toContain("typeof import('./b')");
  });

  it('unsplit, the core is the whole catalog and nothing is rewritten', async () => {
    const { load, transform } = plugin(false);
    expect(await load('virtual:noor-catalog/ar/core')).toContain(PRIVACY_AR);
    expect(await transform('import("./a")', path.join(root, 'src/app/x.ts'))).toBeNull();
  });
});
