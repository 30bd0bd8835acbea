// Which Chromium the e2e tests and the size script drive, and with which flags.
// Order: CHROMIUM_PATH, Debian's headless shell, Debian's /usr/bin/chromium, Playwright's own download, then an attempt to
// download it; otherwise stop with the exact install command. Run directly to print the choice.
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// Containers run as root without a sandbox and without a GPU; the rest keeps Chromium from phoning
// home during a test run.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

async function playwrightChromium() {
  try {
    const { chromium } = await import('playwright-core');
    const file = chromium.executablePath();
    return file && isExecutable(file) ? file : null;
  } catch {
    return null;
  }
}

/** @returns {Promise<{ executablePath: string, args: string[], source: string }>} */
export async function findBrowser({ allowDownload = true } = {}) {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!isExecutable(fromEnv)) {
      throw new Error(`CHROMIUM_PATH=${fromEnv} is not an executable file.`);
    }
    return { executablePath: fromEnv, args: CHROMIUM_ARGS, source: 'CHROMIUM_PATH' };
  }
  // Debian's old headless shell (package chromium-headless-shell) is what Playwright itself runs for
  // headless tests: the same engine without the full browser's windowing and services. On CI's two
  // cores it ran the shell and theme specs in about half the time of /usr/bin/chromium's new headless
  // mode (40-43 s against 78 s, same machine, same load; docs/bench.md).
  if (isExecutable('/usr/bin/chromium-headless-shell')) {
    return { executablePath: '/usr/bin/chromium-headless-shell', args: CHROMIUM_ARGS, source: 'debian-headless-shell' };
  }
  if (isExecutable('/usr/bin/chromium')) {
    return { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, source: 'debian' };
  }
  let own = await playwrightChromium();
  if (own) return { executablePath: own, args: CHROMIUM_ARGS, source: 'playwright' };
  if (allowDownload) {
    console.error('No Chromium found; trying `npx playwright install chromium` …');
    const result = spawnSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit' });
    if (result.status === 0) {
      own = await playwrightChromium();
      if (own) return { executablePath: own, args: CHROMIUM_ARGS, source: 'playwright-download' };
    }
  }
  throw new Error(
    [
      'No Chromium to run the browser tests with. Do one of:',
      '  apt-get install -y chromium-headless-shell   (Debian; or chromium, /usr/bin/chromium)',
      "  npx playwright install chromium        (downloads Playwright's build)",
      '  export CHROMIUM_PATH=/path/to/chromium (any Chromium or Chrome binary)',
    ].join('\n'),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const found = await findBrowser();
    console.log(`${found.executablePath} (${found.source})`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
