// Which built files a prerendered route needs in its <head> (issue 13, first paint): the stylesheets
// and JavaScript modules of the route's chunk and everything it imports statically. Without them the
// page's CSS arrived with the route chunk, after the entry had run — the prerendered HTML painted
// unstyled and then moved (Lighthouse CLS 0.73 on /teachers) — and the route's code started loading
// only once the entry asked for it.
import type { Rollup } from 'vite';

/** The TanStack Router file of each prerendered route (src/routes). */
const ROUTE_FILES: Record<string, string> = {
  '/': 'index.tsx',
  '/about-us': 'about-us.tsx',
  '/teachers': 'teachers.index.tsx',
  '/privacy-policy': 'privacy-policy.tsx',
  '/terms-conditions': 'terms-conditions.tsx',
  '/contact-us': 'contact-us.tsx',
};

type Chunk = Rollup.OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

const isChunk = (item: Rollup.OutputChunk | Rollup.OutputAsset | undefined): item is Chunk => item?.type === 'chunk';

/**
 * The route's chunks (its file and the component split off it by the router plugin's code splitting)
 * and their static imports, minus the entry's own graph, which index.html already links.
 */
export function routeAssets(bundle: Rollup.OutputBundle, route: string): { css: string[]; js: string[] } {
  const file = ROUTE_FILES[route];
  const chunks = Object.values(bundle).filter(isChunk);
  const entryGraph = new Set<string>();
  const walk = (name: string, into: Set<string>) => {
    if (into.has(name)) return;
    into.add(name);
    const chunk = bundle[name];
    if (isChunk(chunk)) for (const dep of chunk.imports) walk(dep, into);
  };
  for (const chunk of chunks) if (chunk.isEntry) walk(chunk.fileName, entryGraph);
  const graph = new Set<string>();
  if (file) {
    const own = (id: string | null) => id !== null && id.split('?')[0]!.endsWith(`/src/routes/${file}`);
    for (const chunk of chunks) if (!chunk.isEntry && own(chunk.facadeModuleId)) walk(chunk.fileName, graph);
  }
  const js = [...graph].filter((name) => !entryGraph.has(name));
  const css = new Set<string>();
  for (const name of graph) {
    const chunk = bundle[name];
    if (isChunk(chunk)) for (const sheet of chunk.viteMetadata?.importedCss ?? []) css.add(sheet);
  }
  for (const name of entryGraph) {
    const chunk = bundle[name];
    if (isChunk(chunk)) for (const sheet of chunk.viteMetadata?.importedCss ?? []) css.delete(sheet);
  }
  return { css: [...css], js };
}

export function routeHeadTags(bundle: Rollup.OutputBundle, route: string): string {
  const { css, js } = routeAssets(bundle, route);
  return [
    ...css.map((href) => `  <link rel="stylesheet" crossorigin href="/${href}">`),
    ...js.map((href) => `  <link rel="modulepreload" crossorigin href="/${href}">`),
  ].join('\n');
}

/**
 * Puts each stylesheet the page links into the page itself (issue 13, first paint): under a phone's
 * round trips every render-blocking request costs ~0.3–0.6 s, so the page must paint from the HTML
 * alone. Whole files are inlined, not an extract of "critical" rules, so nothing restyles later and
 * there is nothing left to fetch. A `disabled` link with the same address stays: it is neither fetched
 * nor applied, but Vite's loader of lazy chunks counts it as loaded, so it does not fetch the file again
 * and append it after the inline styles (which would change the cascade's order).
 */
export function inlineStylesheets(html: string, readAsset: (href: string) => string): string {
  return html.replace(/<link rel="stylesheet"([^>]*) href="(\/assets\/[^"]+\.css)">/g, (_tag, attrs: string, href: string) => {
    const css = readAsset(href).trim();
    if (/<\/style/i.test(css)) throw new Error(`[prerender] ${href} cannot be inlined: it contains "</style"`);
    return `<style>${css}</style><link rel="stylesheet"${attrs} href="${href}" disabled>`;
  });
}
