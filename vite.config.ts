// Build and dev-server configuration. Plugin order matters: router, babel (Lingui macros), react, lingui.
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { catalogParts } from './scripts/vite-catalog-parts';
import { prerender } from './scripts/vite-prerender';

const apiPort = process.env.API_PORT ?? '3001';

/**
 * Issue 13: preloads the regular Cairo subsets (Arabic and Latin) from the built HTML, so the font
 * request starts with the HTML instead of after the CSS; font-display is `swap` (fontsource's), so
 * text paints at once in the fallback and never waits for the font.
 */
function preloadFonts(): Plugin {
  return {
    name: 'noor-preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const fonts = Object.keys(ctx.bundle ?? {}).filter((file) => /cairo-(arabic|latin)-400-normal[^/]*\.woff2$/.test(file));
        return fonts.map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${file}`, crossorigin: '' },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/route-tree.gen.ts',
      quoteStyle: 'single',
    }),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    react(),
    lingui(),
    // The build-time render loads the whole catalog at once; the browser gets it in parts.
    catalogParts({ split: !isSsrBuild }),
    preloadFonts(),
    prerender(),
  ],
  server: {
    proxy: {
      '/api': { target: `http://127.0.0.1:${apiPort}`, ws: true },
      '/app': { target: `ws://127.0.0.1:${apiPort}`, ws: true },
    },
  },
  build: { outDir: 'dist/client', sourcemap: false, target: 'es2022' },
}));
