// Unit, machine and server tests. Browser-ish tests opt into jsdom with `// @vitest-environment jsdom`.
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { lingui } from '@lingui/vite-plugin';
import { catalogParts } from './scripts/vite-catalog-parts';
import { linguiMacros } from './scripts/vite-lingui-babel';

// The app's test files that need no fresh module graph: they run in Node (no jsdom), mock no module and
// never touch Lingui's shared `i18n` (whose active locale is module state). Read from the files
// themselves, so a new test lands on the right side without a list to keep.
const APP_ROOTS = /^tests\/(?!server\/|machines\/|contract\/|instances\/)/;
const sharesGraph = (file: string) =>
  !/@vitest-environment jsdom|vi\.mock\(|\bi18n\b/.test(readFileSync(path.join(import.meta.dirname, file), 'utf8'));
const sharedAppFiles = readdirSync(path.join(import.meta.dirname, 'tests'), { recursive: true, encoding: 'utf8' })
  .map((file) => path.posix.join('tests', file.split(path.sep).join('/')))
  .filter((file) => /\.test\.tsx?$/.test(file) && APP_ROOTS.test(file) && sharesGraph(file));

export default defineConfig({
  plugins: [linguiMacros(), lingui(), catalogParts({ split: false })],
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: on CI's 2 cores that is one test file at a
    // time, with the second core left to the main process (transforms, then mostly idle). Issue 13.
    maxWorkers: os.availableParallelism(),
    // A fresh module graph compiles PGlite's WebAssembly afresh (each app test file; each server fork
    // once, below); V8's optimizing tier (TurboFan) then recompiles the hot half of it in the
    // background, about 0.9 s of CPU that short queries never earn back. Liftoff only: 1.8 → 0.9 s CPU
    // to open a database and run 300 queries; test:unit, server files sharing graphs, 129 → 119 s.
    execArgv: ['--liftoff-only'],
    // Builds the server tests' databases once per run: PGlite dumps, or (DATABASE_URL) a PostgreSQL
    // template database that each file copies (see the files).
    globalSetup: ['tests/setup/pglite-template.ts', 'tests/setup/pg-template.ts'],
    // …and starts every other in-memory PGlite (a test's createServer) from the empty dump, not initdb;
    // on PostgreSQL each file gets its own copy of the template database.
    // New password hashes at a low scrypt cost (tests/setup/password-cost.ts).
    setupFiles: [
      'tests/setup/pglite-from-template.ts',
      'tests/setup/pg-file-database.ts',
      'tests/setup/password-cost.ts',
      'tests/setup/jsdom.ts',
    ],
    projects: [
      // Server tests: a worker runs file after file without a fresh module graph for each (every
      // server file imported the server again, ~40 % of its time). Nothing they rely on is module
      // state: each file opens its own server and databases (on PostgreSQL its own database, made by
      // pg-file-database.ts), and they pass with files shuffled. One change is process-wide: the first
      // server that listens makes @hono/node-server's Request and Response the globals; the app's
      // answers are tested under both (refusals.test.ts). Server files 79 → 58 s, test:pg
      // 64 → 31 s (2 cores). The app's tests keep a fresh graph per file: the app and its libraries
      // keep state in modules (Lingui's active locale, the looked-up country), which leaked between
      // files when tried.
      {
        extends: true,
        test: { name: 'server', include: ['tests/server/**/*.test.{ts,tsx}'], isolate: false },
      },
      // The statecharts' and the contract's tests: plain functions over plain data, no DOM, no Lingui
      // activation, no module caches: one module graph per worker, as the server's.
      {
        extends: true,
        test: {
          name: 'pure',
          include: ['tests/machines/**/*.test.ts', 'tests/contract/**/*.test.ts'],
          isolate: false,
        },
      },
      // The app's plain Node files (sharedAppFiles above): one graph per worker too. Their 23 files
      // (141 tests, also shuffled) 28.1 → 20.8 s of CPU (docs/bench.md).
      { extends: true, test: { name: 'app-node', include: sharedAppFiles, isolate: false } },
      {
        extends: true,
        test: {
          name: 'app',
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: ['tests/server/**', 'tests/machines/**', 'tests/contract/**', ...sharedAppFiles],
        },
      },
    ],
  },
});
