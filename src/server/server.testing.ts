/** Test helpers for the site server. */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createServer, request as httpRequest, type Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startProvider, type RunningProvider } from '../provider/startProvider';
import { tempDataDir } from '../provider/provider.testing';
import { createSiteServer, type SiteServerOptions } from './app';

/**
 * A render's deadline for sites whose tests check what a page says: a bound for correctness, not
 * speed. A process's first renders are its slowest (code loading, the provider's first queries),
 * and beside the other lanes of `npm test` they took past production's 2 s and were answered 503.
 * Tests of what the deadline does give their site a short one.
 */
export const CORRECTNESS_DEADLINE_MS = 10_000;

/** The boot script of fakeDist(), which pages carry inline. */
export const FAKE_BOOT_SOURCE = 'document.documentElement.dataset.booted="";';

/** A dist folder like webpack's: the page template, the chunk manifest, one hashed asset (with .gz and .map). */
export function fakeDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'site-dist-'));
  mkdirSync(join(dist, 'assets'));
  copyFileSync(join(__dirname, '..', '..', 'public', 'index.html'), join(dist, 'index.html'));
  const js = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  writeFileSync(join(dist, 'assets', 'main.0123456789.js'), js);
  writeFileSync(join(dist, 'assets', 'main.0123456789.js.gz'), gzipSync(js));
  writeFileSync(join(dist, 'assets', 'main.0123456789.js.map'), '{}');
  writeFileSync(join(dist, 'assets', '.secret'), 'no');
  writeFileSync(join(dist, 'assets', 'boot.0123456789.js'), FAKE_BOOT_SOURCE);
  const manifest = {
    boot: { js: ['/assets/boot.0123456789.js'], css: [] },
    main: { js: ['/assets/main.0123456789.js'], css: [] },
    'page-home': { js: ['/assets/page-home.0123456789.js'], css: [] },
  };
  writeFileSync(join(dist, 'manifest.json'), JSON.stringify(manifest));
  copyFileSync(join(__dirname, '..', '..', 'public', 'favicon.svg'), join(dist, 'favicon.svg'));
  copyFileSync(join(__dirname, '..', '..', 'public', 'share.png'), join(dist, 'share.png'));
  return dist;
}

/**
 * The embedded provider on a fresh data folder (`dataDir`, inside the removable `data`) and a
 * site over fakeDist() in front of it, both on free ports. `provider` may be replaced (a restart
 * on the same port); `close()` stops what is running and removes both folders.
 */
export async function startSiteAndProvider({
  site: siteOptions = {},
  mediaFromProvider = false,
  dataSubdir = '',
}: { site?: Partial<SiteServerOptions>; mediaFromProvider?: boolean; dataSubdir?: string } = {}) {
  const data = tempDataDir();
  const dist = fakeDist();
  const dataDir = join(data.dir, dataSubdir);
  const provider: RunningProvider = await startProvider({ port: 0, dataDir });
  const site = await createSiteServer({
    distDir: dist,
    providerUrl: provider.url,
    mediaUrl: mediaFromProvider ? provider.url : '',
    variant: 'standard',
    renderDeadlineMs: CORRECTNESS_DEADLINE_MS,
    ...siteOptions,
  });
  await site.listen({ port: 0, host: '127.0.0.1' });
  const stack = {
    data,
    dist,
    dataDir,
    provider,
    site,
    base: `http://127.0.0.1:${(site.server.address() as AddressInfo).port}`,
    async close() {
      await site.close();
      await stack.provider.close();
      data.remove();
      rmSync(dist, { recursive: true, force: true });
    },
  };
  return stack;
}

/** For a server that must be told its port before it starts. */
export { freePort } from './freePort.testing';

export type GateMode = 'pass' | 'down' | 'slow' | 'garbage' | 'code1' | 'code402' | 'code403';

/**
 * A real HTTP hop in front of a provider that counts the paths asked and misbehaves on demand:
 * drops the connection, never answers, answers HTML, or answers an envelope error.
 */
export async function providerGate(upstreamUrl: string) {
  const counts = new Map<string, number>();
  /** Paths answered as the provider answers an outage (a busy database): HTTP 500, envelope code 1. */
  const failing = new Set<string>();
  /** Paths whose requests wait (a slow provider) until release(); then they pass as they would have. */
  const held = new Set<string>();
  let waiting: (() => void)[] = [];
  let askedAt = Date.now();
  const gate = {
    mode: 'pass' as GateMode,
    counts,
    failing,
    held,
    url: '',
    close: async () => {},
    /** Requests waiting on a held path right now. */
    get waiting() {
      return waiting.length;
    },
    /** Settles once no request has come through for `ms`: the refreshes a change set off are over. */
    async quiet(ms: number) {
      for (let left = ms; left > 0; left = askedAt + ms - Date.now()) await new Promise((resolve) => setTimeout(resolve, left));
    },
    release() {
      held.clear();
      const go = waiting;
      waiting = [];
      for (const next of go) next();
    },
  };
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    askedAt = Date.now();
    counts.set(path, (counts.get(path) ?? 0) + 1);
    if (held.has(path)) {
      req.pause();
      waiting.push(() => server.emit('request', req, res));
      counts.set(path, (counts.get(path) ?? 1) - 1); // counted when it passes
      return;
    }
    if (failing.has(path))
      return void res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 1, msg: '服务器繁忙，请稍后再试', data: null }));
    const send = (body: string, type = 'application/json') => res.writeHead(200, { 'content-type': type }).end(body);
    switch (gate.mode) {
      case 'down':
        return void req.socket.destroy();
      case 'slow':
        return; // accepted, never answered
      case 'garbage':
        return send('<html>upstream error</html>', 'text/html');
      case 'code1':
      case 'code402':
      case 'code403':
        return send(JSON.stringify({ code: Number(gate.mode.slice(4)), msg: 'refused', data: null }));
      case 'pass':
        req.pipe(
          httpRequest(`${upstreamUrl}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          }),
        );
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  gate.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  gate.close = async () => {
    waiting = [];
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return gate;
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request with its path sent exactly as written (fetch and inject would resolve `..` and escapes first). */
export function rawRequest(base: string, method: string, path: string, headers: Record<string, string> = {}, agent: Agent | false = false): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, method, path, headers, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
