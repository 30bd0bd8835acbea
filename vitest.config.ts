// Unit, machine and server tests. Browser-ish tests opt into jsdom with `// @vitest-environment jsdom`.
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';

export default defineConfig({
  plugins: [babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }), lingui()],
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core CI machine, where
    // the main process sits mostly idle and server tests spend much of their time waiting on a
    // database. Two workers at least (issue 13: the suite's time on 2 cores).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Builds the server tests' databases once per run: PGlite dumps, or (DATABASE_URL) a PostgreSQL
    // template database that each file copies (see the files).
    globalSetup: ['tests/setup/pglite-template.ts', 'tests/setup/pg-template.ts'],
  },
});
