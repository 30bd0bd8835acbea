// Vite plugin: after the client build, builds src/entry-prerender.tsx for Node and writes every public
// route's HTML in each locale into dist/client/prerender/<locale>/<route>.html (first paint).
// The server sends that file to a browser navigating to the route, in the language of its ng-locale
// cookie (server/http/prerendered.ts); the SPA hydrates over it. Runs inside every `vite build`, so the
// e2e runner, `npm run size` and the Docker image all get the pages without another step.
// Each page carries its CSS inline (./prerender-assets.ts), so it paints from the HTML alone; the
// hashes of the inline scripts go to dist/client/csp.json for the server's CSP.
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin, Rollup } from 'vite';
import { writeInlineHashes } from '../server/http/inline-hashes';
import { compactTemplate, deferScripts, inlineStylesheets, renderedIn, routeHeadTags } from './prerender-assets';

/** The public routes rendered at build time; their file is the path's name, `index` for the root. */
export const PRERENDERED_ROUTES = ['/', '/about-us', '/teachers', '/privacy-policy', '/terms-conditions', '/contact-us'];
const LOCALES = ['ar', 'en'] as const;

/** Where the server puts the rendered page and the data; server/http/ssr.ts replaces exactly these. */
export const SSR_BODY = '<!--ssr-body-->';
export const SSR_STATE = '<!--ssr-state-->';

export function fileOf(route: string): string {
  return route === '/' ? 'index.html' : `${route.slice(1)}.html`;
}

export function prerender(): Plugin {
  let root = process.cwd();
  let outDir = 'dist/client';
  let isSsr = false;
  let bundle: Rollup.OutputBundle = {};
  return {
    name: 'noor-prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(root, config.build.outDir);
      isSsr = Boolean(config.build.ssr);
    },
    // The app page too (dist/client/index.html), which the pre-rendered pages are made from.
    transformIndexHtml: { order: 'post', handler: (html) => compactTemplate(html) },
    writeBundle(_options, output) {
      bundle = output;
    },
    async closeBundle() {
      if (isSsr) return;
      if (process.env.NOOR_PRERENDER !== '0') await prerenderPages(root, outDir, bundle);
      await writeInlineHashes(outDir);
    },
  };
}

async function prerenderPages(root: string, outDir: string, bundle: Rollup.OutputBundle): Promise<void> {
  const { build } = await import('vite');
  // Beside the client's folder, where the server looks for it (server/http/ssr.ts).
  const ssrOut = path.resolve(outDir, '../prerender');
  await build({
    root,
    logLevel: 'warn',
    // The fonts' CSS must go through Vite (Node cannot import .css). The router is bundled as the
    // browser gets it (its client `isServer`), so the HTML has the same Suspense boundaries as the
    // browser's first render and hydration matches; other packages stay external.
    ssr: { noExternal: ['@fontsource/cairo', '@tanstack/react-router', '@tanstack/router-core', '@tanstack/history'] },
    resolve: {
      alias: [
        {
          find: '@tanstack/router-core/isServer',
          replacement: path.join(root, 'node_modules/@tanstack/router-core/dist/esm/isServer/client.js'),
        },
      ],
    },
    build: { ssr: 'src/entry-prerender.tsx', outDir: ssrOut, emptyOutDir: true, sourcemap: false, target: 'node20' },
  });
  const entry = (await fs.readdir(ssrOut)).find((f) => f.startsWith('entry-prerender'));
  if (!entry) throw new Error('[prerender] the server bundle has no entry-prerender file');
  const { render, ssrPaths } = (await import(pathToFileURL(path.join(ssrOut, entry)).href)) as {
    render: (url: string, locale: string) => Promise<string>;
    /** The routes the server renders per request with their data (their `ssr` mark in src/routes). */
    ssrPaths: readonly string[];
  };
  const template = await fs.readFile(path.join(outDir, 'index.html'), 'utf8');
  const readAsset = (href: string) => readFileSync(path.join(outDir, href), 'utf8');
  // The scripts start after the first paint (deferScripts), so only the HTML and its inline CSS paint.
  const page = (locale: string, route: string, body: string) =>
    deferScripts(
      inlineStylesheets(
        renderedIn(template, locale)
          .replace('<div id="root"></div>', `<div id="root" data-prerendered="${locale}">${body}</div>`)
          // The route's own CSS and modules, so its styles are there at first paint (no shift when
          // the route chunk brings them) and its code loads with the entry instead of after it.
          .replace('</head>', `${routeHeadTags(bundle, route)}\n  </head>`),
        readAsset,
      ),
    );
  for (const locale of LOCALES) {
    const dir = path.join(outDir, 'prerender', locale);
    await fs.mkdir(path.join(dir, 'ssr'), { recursive: true });
    for (const route of PRERENDERED_ROUTES) {
      const html = page(locale, route, await render(route, locale));
      if (!html.includes('data-prerendered')) throw new Error('[prerender] index.html has no empty #root to fill');
      await fs.writeFile(path.join(dir, fileOf(route)), html);
    }
    // The shells the server fills per request with a page and its data (server/http/ssr.ts).
    for (const route of ssrPaths) {
      await fs.writeFile(path.join(dir, 'ssr', fileOf(route)), page(locale, route, SSR_BODY).replace('</body>', `${SSR_STATE}</body>`));
    }
  }
}
