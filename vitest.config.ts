// Unit, machine and server tests. Browser-ish tests opt into jsdom with `// @vitest-environment jsdom`.
import { defineConfig } from 'vitest/config';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { catalogParts } from './scripts/vite-catalog-parts';

export default defineConfig({
  plugins: [babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }), lingui(), catalogParts({ split: false })],
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Builds the server tests' databases once per run: PGlite dumps, or (DATABASE_URL) a PostgreSQL
    // template database that each file copies (see the files).
    globalSetup: ['tests/setup/pglite-template.ts', 'tests/setup/pg-template.ts'],
    // …and starts every other in-memory PGlite (a test's createServer) from the empty dump, not initdb.
    setupFiles: ['tests/setup/pglite-from-template.ts'],
  },
});
