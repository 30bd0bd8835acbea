// Playwright for the e2e suite. scripts/e2e.mjs starts the real server on a fresh database and
// passes its URL and the Chromium to use through the environment; run the suite through it.
import { defineConfig } from '@playwright/test';

const baseURL = process.env.E2E_BASE_URL;
if (!baseURL) {
  throw new Error('E2E_BASE_URL is not set: run the e2e suite with `npm run test:e2e` (it starts the server).');
}
const executablePath = process.env.E2E_CHROMIUM_PATH;
const baseArgs: string[] = process.env.E2E_CHROMIUM_ARGS ? (JSON.parse(process.env.E2E_CHROMIUM_ARGS) as string[]) : [];

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // Two cores on the CI machine, shared with the server under test. Three workers ran a 38-test
  // sample in 1.8 min against 2.1 with two, but the whole suite in CI in 7.1 min against 6.1: two.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // The list is all a terminal and a CI log need; no HTML report to clean up.
  reporter: [['list']],
  outputDir: 'test-results',
  // The live-session spec waits on a real 90-second session and its two tests run in order. Last in
  // the queue it ran alone while the other worker sat idle (about 90 s of the e2e wall clock, measured
  // in docs/bench.md); as its own project listed first, it starts at once beside the rest.
  // The projects set no testDir or testMatch, so a config built on this one (e2e/model) keeps its own.
  projects: [
    { name: 'long', testMatch: '**/live-session.spec.ts' },
    { name: 'e2e', testIgnore: '**/live-session.spec.ts' },
  ],
  use: {
    baseURL,
    browserName: 'chromium',
    // An Arabic browser (Accept-Language and navigator.languages): a first visit follows the browser's
    // language, and the product's default reader is Arabic. Specs of an English browser set their own.
    locale: 'ar-QA',
    headless: true,
    trace: 'off',
    screenshot: 'off',
    video: 'off',
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      // Fake camera and microphone so the video-session tests never wait on a permission prompt.
      args: [...baseArgs, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
    },
  },
});
