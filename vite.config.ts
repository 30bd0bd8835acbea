// Build and dev-server configuration. Plugin order matters: router, babel (Lingui macros), react, lingui.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { catalogParts } from './scripts/vite-catalog-parts';
import { prerender } from './scripts/vite-prerender';
import { oneImporterPerChunk } from './scripts/vite-one-importer';

const apiPort = process.env.API_PORT ?? '3001';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's loader goes in the chunk of its screen: the query factories (and the schemas they
      // load) are the screen's anyway, and the entry every page downloads carries only the stub.
      codeSplittingOptions: { defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']] },
      routesDirectory: './src/routes',
      generatedRouteTree: './src/route-tree.gen.ts',
      quoteStyle: 'single',
    }),
    oneImporterPerChunk(),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    react(),
    lingui(),
    // The build-time render loads the whole catalog at once; the browser gets it in parts.
    catalogParts({ split: !isSsrBuild }),
    prerender(),
  ],
  server: {
    proxy: {
      '/api': { target: `http://127.0.0.1:${apiPort}`, ws: true },
      '/app': { target: `ws://127.0.0.1:${apiPort}`, ws: true },
      // The private calendar feeds live outside /api (calendar apps poll them with no token).
      '/calendar': { target: `http://127.0.0.1:${apiPort}` },
    },
  },
  build: { outDir: 'dist/client', sourcemap: false, target: 'es2022' },
}));
