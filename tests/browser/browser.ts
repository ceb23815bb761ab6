/**
 * The browser the suite drives: Debian's Chromium through playwright-core, as its headless shell
 * (the chromium-headless-shell package, built from the same source and version) when installed.
 * The shell is Chromium without the desktop browser around Blink and V8, the build Playwright
 * itself runs for headless tests. The whole browser suite, four files at a time, took 484 s of CPU
 * and 272 s with it against 705 s and 372 s with the full browser, and passes on both. Lighthouse
 * keeps the full browser (tests/bench/lighthouse.ts).
 * CHROME_PATH overrides the location; a missing browser is a loud failure, not a skip.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const FULL_BROWSERS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

const firstPresent = (paths: (string | undefined)[]) => paths.find((path): path is string => Boolean(path && existsSync(path))) ?? null;

/** The full browser. */
export function findChromium(): string | null {
  return firstPresent([process.env.CHROME_PATH, ...FULL_BROWSERS]);
}

/** The headless shell, else the full browser. */
export function findTestBrowser(): string | null {
  return firstPresent([process.env.CHROME_PATH, '/usr/bin/chromium-headless-shell', ...FULL_BROWSERS]);
}

export const MISSING_BROWSER_MESSAGE = [
  'No Chromium found for the browser tests.',
  'Install one with `apt-get install -y chromium-headless-shell chromium fonts-noto-cjk` (or set CHROME_PATH),',
  'or run with SKIP_BROWSER_TESTS=1 to skip them knowingly.',
].join('\n');

/** Flags that keep headless Chromium quiet on a machine with no outside network. */
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export async function launchBrowser(): Promise<Browser> {
  const executablePath = findTestBrowser();
  if (!executablePath) throw new Error(MISSING_BROWSER_MESSAGE);
  return chromium.launch({ executablePath, args: FLAGS, headless: true });
}
