// The model-based end-to-end run (`npm run test:model-e2e`): the e2e settings, but only the path
// walks of e2e/model/*.walk.ts, and a report of the transitions the browser took per machine that
// fails below the goal (coverage.ts). Runs through scripts/e2e.mjs like the rest of the e2e suite.
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

// QA's artifacts of a run, gitignored (walker.ts writes the coverage and the screens beside them).
const out = path.resolve(import.meta.dirname, 'out');

export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: '*.walk.ts',
  // Paths are independent (fresh phones, fresh pages); the report needs every one of them. In CI a
  // failed path runs once more, as in the main e2e config: on a machine shared by several test runs
  // one auth path (forgot password twice) once lost its sign-in screen and passed alone; Playwright
  // lists such a path as flaky, and a path that fails twice still fails the run.
  retries: process.env.CI ? 1 : 0,
  // Per run: an HTML report (a test per path, its steps, time and the transitions it took as
  // annotations) and JUnit XML for CI; a failed path keeps its trace and a screenshot (in results/).
  reporter: [
    ['list'],
    ['html', { outputFolder: path.join(out, 'report'), open: 'never' }],
    ['junit', { outputFile: path.join(out, 'junit.xml'), embedAnnotationsAsProperties: true }],
  ],
  outputDir: path.join(out, 'results'),
  use: { ...base.use, trace: 'retain-on-failure', screenshot: 'only-on-failure' },
  // The live-session walk holds the longest paths (a session's real end, 10–15 s each): queued first,
  // they run beside the short ones instead of last on one worker while the other sits idle.
  // `npm test` walks the live session (its faults and reconnections are caused on demand here); the auth and
  // booking machines' paths, also covered by the auth and booking e2e specs and the machines' model
  // tests, only with --full (npm run test:model-e2e:full), to keep CI within its 20 minutes; so do the
  // teacher-status and order walks (the project `walks` takes every walk but the live session's).
  projects: process.env.E2E_FULL
    ? [
        { name: 'long', testMatch: 'live-session.walk.ts' },
        { name: 'walks', testIgnore: 'live-session.walk.ts' },
      ]
    : [{ name: 'long', testMatch: 'live-session.walk.ts' }],
  globalSetup: './coverage-reset.ts',
  globalTeardown: './coverage.ts',
});
