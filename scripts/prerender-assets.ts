// Which built files a prerendered route needs in its <head> (first paint): the stylesheets
// and JavaScript modules of the route's chunk and everything it imports statically. Without them the
// page's CSS arrived with the route chunk, after the entry had run — the prerendered HTML painted
// unstyled and then moved (Lighthouse CLS 0.73 on /teachers) — and the route's code started loading
// only once the entry asked for it.
import { minifySync, type Rollup } from 'vite';

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
 * Puts each stylesheet the page links into the page itself (first paint): under a phone's
 * round trips every render-blocking request costs ~0.3–0.6 s, so the page must paint from the HTML
 * alone. Whole files are inlined, not an extract of "critical" rules, so nothing restyles later and
 * there is nothing left to fetch. A link with the same address stays, disabled and typed as no style
 * language the browser knows: it is neither fetched nor applied, but Vite's loader of lazy chunks counts
 * it as loaded, so it does not fetch the file again and append it after the inline styles (which would
 * change the cascade's order). `disabled` alone stopped the fetch until Chromium 150, whose preload
 * scanner fetches disabled stylesheets; an unknown `type` is not fetched by spec.
 */
const INLINED_TYPE = 'text/x-noor-inlined';
export function inlineStylesheets(html: string, readAsset: (href: string) => string): string {
  return html.replace(/<link rel="stylesheet"([^>]*) href="(\/assets\/[^"]+\.css)">/g, (_tag, attrs: string, href: string) => {
    const css = readAsset(href).trim();
    if (/<\/style/i.test(css)) throw new Error(`[prerender] ${href} cannot be inlined: it contains "</style"`);
    return `<style>${css}</style><link rel="stylesheet"${attrs} href="${href}" type="${INLINED_TYPE}" disabled>`;
  });
}

/**
 * Starts the page's JavaScript after its first paint (first paint). The HTML is the whole
 * first screen, so no script is needed to paint it; but the entry and its modulepreloads, found by the
 * preload scanner, downloaded beside the HTML and the fonts, and Lighthouse counts every script that
 * arrives before the paint as holding it (its simulated phone then adds the ~140 KB of JavaScript to
 * the paint: LCP 2.2 s). The tags go, unchanged, into a JSON list that one constant inline script (one
 * CSP hash for every page) adds to <head> once the first paint is on screen (`window.noorAfterPaint`,
 * from index.html's start-up script; a frame callback alone sometimes ran before the paint was shown,
 * and a small chunk then finished before it: one LCP of 1.02 s in twelve); at once without it.
 */
const DEFERRED_SCRIPTS_ID = 'noor-scripts';
export const SCRIPT_LOADER = minifyScript(`(function () {
  function load() {
    var list = JSON.parse(document.getElementById('${DEFERRED_SCRIPTS_ID}').textContent);
    list.forEach(function (item) {
      var el = document.createElement(item.module ? 'script' : 'link');
      if (item.module) { el.type = 'module'; el.src = item.href; } else { el.rel = 'modulepreload'; el.href = item.href; }
      el.crossOrigin = '';
      document.head.appendChild(el);
    });
  }
  // index.html's start-up script, earlier in every page, defines when "after the first paint" is.
  (window.noorAfterPaint || function (fn) { fn(); })(load);
})();`);

export function deferScripts(html: string): string {
  const list: { href: string; module?: true }[] = [];
  const tags = /\s*<(?:script type="module" crossorigin src="([^"]+)"><\/script>|link rel="modulepreload" crossorigin href="([^"]+)">)/g;
  const rest = html.replace(tags, (_tag, entry: string | undefined, preload: string | undefined) => {
    list.push(entry ? { href: entry, module: true } : { href: preload! });
    return '';
  });
  if (!list.some((item) => item.module)) throw new Error('[prerender] the page has no entry script to defer');
  const json = JSON.stringify(list).replace(/</g, '\\u003c');
  return rest.replace(
    '</body>',
    `<script type="application/json" id="${DEFERRED_SCRIPTS_ID}">${json}</script><script>${SCRIPT_LOADER}</script></body>`,
  );
}

function minifyScript(code: string): string {
  const out = minifySync('inline.js', code);
  if (out.errors.length > 0) throw new Error(`[prerender] an inline script does not minify: ${out.errors[0]!.message}`);
  return out.code.trim();
}

/**
 * The page's `<html>` in the language it is rendered in, marked with it (`data-rendered`): the server
 * chose that language from the visitor's ng-locale cookie or Accept-Language, and index.html's start-up
 * script keeps it when the visitor has stored no choice. A browser that cannot read the cookie it sent
 * (Lighthouse sends it as a header) or whose languages rank differently from its Accept-Language must
 * not switch the page to another language: the app would throw the HTML away and render it again.
 */
export function renderedIn(html: string, locale: string): string {
  const tag = /<html lang="[^"]*" dir="[^"]*">/;
  if (!tag.test(html)) throw new Error('[prerender] index.html has no <html lang dir> to set');
  return html.replace(tag, `<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}" data-rendered="${locale}">`);
}

/**
 * The page's own HTML comments gone and its inline classic scripts minified: every page
 * carries the start-up script, and its commented source was 1.35 KB of a document that must stay
 * within a phone's first round trip (~14.6 KB: TCP's first window; /teachers is 14–15 KB gzip).
 * For index.html before the app's markup goes in, so React's own comment markers are never touched.
 */
export function compactTemplate(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->\s*/g, '')
    .replace(/<script>([\s\S]*?)<\/script>/g, (_tag, code: string) => `<script>${minifyScript(code)}</script>`);
}
