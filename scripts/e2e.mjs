// `npm run test:e2e`: build the SPA if stale (always in CI), start the real server on a fresh
// temporary database, run Playwright against it with the Chromium find-browser picks, and stop the
// server and delete the database whatever happens. Extra arguments go to `playwright test`
// (e.g. `npm run test:e2e -- e2e/shell.spec.ts`); `--build-only` builds the e2e client and stops;
// `--full` (npm run test:e2e:full) runs every cell of the locale × theme × size matrices, where
// `npm test` runs their diagonal (e2e/support/matrix.ts).
import path from 'node:path';
import { spawn } from 'node:child_process';
import { findBrowser } from './find-browser.mjs';
import { buildIfNeeded, freePort, onShutdown, root, startServer } from './test-server.mjs';

const log = (line) => console.log(`[e2e] ${line}`);

async function main() {
  const browser = await findBrowser();
  log(`browser: ${browser.executablePath} (${browser.source})`);
  // Tabs can be watched by the flows studio: the live-watching e2e and the model run (test:model-e2e)
  // read the transitions the app takes; the fake RTC offers its fault switch (src/rtc/fake.ts) to the
  // model run. E2E_REUSE_BUILD lets a second run in the same CI job skip the build.
  // --build-only: only this build (npm test makes it beside the static checks, then reuses it).
  const buildOnly = process.argv.includes('--build-only');
  buildIfNeeded({
    force: buildOnly || (Boolean(process.env.CI) && !process.env.E2E_REUSE_BUILD),
    log,
    env: { VITE_FLOWS_WATCH: '1', VITE_FAKE_RTC_FAULTS: '1' },
  });
  if (buildOnly) return 0;

  // The full run mails through a real SMTP server that e2e/reaching.spec.ts starts in its worker on this
  // port (the server is shared by every spec, so its SMTP target is set for the whole run); until that
  // spec listens, a mail waits in the outbox and is retried. `npm test` runs keep the development outbox.
  const full = process.argv.includes('--full') || process.env.E2E_FULL === '1';
  const smtpPort = full ? await freePort() : undefined;
  const server = await startServer({
    env: smtpPort ? { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM: 'Noor <no-reply@noor.test>', OUTBOX_EVERY_MS: '500' } : {},
  });
  onShutdown(() => server.stop());
  log(`server: ${server.baseURL} (data in ${server.dataDir})`);

  try {
    const code = await new Promise((resolve) => {
      const child = spawn(
        path.join(root, 'node_modules/.bin/playwright'),
        ['test', ...process.argv.slice(2).filter((a) => a !== '--full')],
        {
          cwd: root,
          stdio: 'inherit',
          env: {
            ...process.env,
            E2E_BASE_URL: server.baseURL,
            // The reviewer CLI in e2e/teacher-review.spec.ts reads the admin token from the server's DATA_DIR.
            E2E_DATA_DIR: server.dataDir,
            E2E_CHROMIUM_PATH: browser.executablePath,
            E2E_CHROMIUM_ARGS: JSON.stringify(browser.args),
            ...(full ? { E2E_FULL: '1' } : {}),
            ...(smtpPort ? { E2E_SMTP_PORT: String(smtpPort) } : {}),
          },
        },
      );
      child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
      child.on('error', (error) => {
        console.error(error);
        resolve(1);
      });
    });
    return code;
  } finally {
    await server.stop();
    log('server stopped, temporary database removed');
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`[e2e] ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  },
);
