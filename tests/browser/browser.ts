/**
 * The browser the suite drives: Debian's chromium through playwright-core.
 * CHROME_PATH overrides the location; a missing browser is a loud failure, not a skip.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const CANDIDATES = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function findChromium(): string | null {
  return CANDIDATES.find((path): path is string => Boolean(path && existsSync(path))) ?? null;
}

export const MISSING_BROWSER_MESSAGE = [
  'No Chromium found for the browser tests.',
  'Install one with `apt-get install -y chromium fonts-noto-cjk` (or set CHROME_PATH),',
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
  const executablePath = findChromium();
  if (!executablePath) throw new Error(MISSING_BROWSER_MESSAGE);
  return chromium.launch({ executablePath, args: FLAGS, headless: true });
}
