/**
 * The development build served by the real site server, with the DevTools stand-in in every
 * page (what the recorder and the DevTools browser test drive), or reporting to a running
 * Redux DevTools monitor (monitor.ts).
 */
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import type { BrowserContext } from 'playwright-core';
import WebSocket from 'ws';
import { isBuildStale, runWebpack } from '../../src/server/build';

const ROOT = join(__dirname, '..', '..');
export const DEV_DIST = join(ROOT, 'dist-dev');

/** Builds the client in development mode into dist-dev, when missing or stale. */
export function buildDevClient(): string {
  if (!isBuildStale(ROOT, DEV_DIST)) return DEV_DIST;
  console.log('Building the development client into dist-dev…');
  runWebpack(ROOT, DEV_DIST, ['--mode', 'development', '--output-path', DEV_DIST], 'development');
  return DEV_DIST;
}

/** Puts the DevTools stand-in into every page of the context, before the app's scripts run. */
export async function withDevTools(context: BrowserContext): Promise<void> {
  const { outputFiles } = buildSync({
    entryPoints: [join(__dirname, 'inPage.ts')],
    bundle: true,
    format: 'iife',
    write: false,
    platform: 'browser',
    target: 'es2022',
  });
  await context.addInitScript({ content: outputFiles[0]!.text });
}

/**
 * Puts the pages' Redux DevTools socket (to the port the build was given) through to the monitor
 * on `port`, frame for frame: a test's monitor listens on a free port. Routed sockets are Playwright's
 * own, so the site server's CSP (connect-src 'self') does not apply to them; `npm run dev` sets none.
 */
export async function reportTo(context: BrowserContext, port: number): Promise<void> {
  await context.routeWebSocket(/\/socketcluster\/$/, (page) => {
    const monitor = new WebSocket(`ws://localhost:${port}/socketcluster/`);
    const early: (string | Buffer)[] = [];
    monitor.on('open', () => early.splice(0).forEach((frame) => monitor.send(frame)));
    monitor.on('message', (frame, binary) => page.send(binary ? (frame as Buffer) : frame.toString()));
    monitor.on('close', () => page.close());
    monitor.on('error', () => page.close());
    page.onMessage((frame) => (monitor.readyState === WebSocket.OPEN ? monitor.send(frame) : early.push(frame)));
    page.onClose(() => monitor.close());
  });
}
