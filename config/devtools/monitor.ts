/**
 * `npm run devtools`: Redux DevTools' own monitor. @redux-devtools/cli (monitorServer.ts) listens
 * on DEVTOOLS_PORT (8000), where a development build with no DevTools extension reports (src/app/remoteDevTools.ts);
 * its web UI is served here on DEVTOOLS_UI_PORT (8001): the CLI's own page and app, with React 19
 * put where the page looks for React's UMD files, which React 19 no longer has (monitorGlobals.ts).
 *
 * The CLI keeps reports in an in-memory SQLite database through knex: reportStore.json names the
 * better-sqlite3 driver the project builds anyway, not the CLI's default `sqlite3` native module.
 */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { dirname, join } from 'node:path';
import { buildSync } from 'esbuild';
import { DEVTOOLS_PORT } from './port';

const CLI = require.resolve('@redux-devtools/cli/bin/redux-devtools.js');
const APP_UMD = join(dirname(require.resolve('@redux-devtools/app/package.json')), 'umd');

export interface Monitor {
  /** The web UI. */
  url: string;
  /** Where apps report (the CLI's socket server). */
  port: number;
  process: ChildProcess;
  close(): Promise<void>;
}

/** The CLI's page, its app and styles, and React 19 as the globals the page expects. */
function webUi(port: number): Record<string, { type: string; body: string | Buffer }> {
  const page = readFileSync(join(dirname(CLI), '..', 'app', 'index.html'), 'utf8')
    .replace('<script src="/react.production.min.js"></script>', '<script src="/react-globals.js"></script>')
    .replace('<script src="/react-dom.production.min.js"></script>', '');
  const [globals] = buildSync({
    entryPoints: [join(__dirname, 'monitorGlobals.ts')],
    bundle: true,
    minify: true,
    write: false,
    format: 'iife',
    define: { 'process.env.NODE_ENV': '"production"' },
  }).outputFiles;
  const js = 'text/javascript; charset=utf-8';
  return {
    '/': { type: 'text/html; charset=utf-8', body: page },
    '/react-globals.js': { type: js, body: globals!.text },
    '/redux-devtools-app.min.js': { type: js, body: readFileSync(join(APP_UMD, 'redux-devtools-app.min.js')) },
    '/redux-devtools-app.min.css': { type: 'text/css; charset=utf-8', body: readFileSync(join(APP_UMD, 'redux-devtools-app.min.css')) },
    '/port.js': { type: js, body: `reduxDevToolsPort = ${port}` },
  };
}

async function listen(server: Server, port: number) {
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, resolve));
}

/** Starts the CLI and the web UI, resolving once both answer (rejects if the CLI ends first: its port was taken). */
export async function startMonitor(port: number, uiPort: number, stdio: StdioOptions = 'inherit'): Promise<Monitor> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(__dirname, 'monitorServer.ts'), `--port=${port}`, `--dbOptions=${join(__dirname, 'reportStore.json')}`],
    {
      stdio,
    },
  );
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`The DevTools monitor exited (code ${code})`))));
  const answering = async () => {
    const answer = () =>
      fetch(`http://localhost:${port}/port.js`).then(
        (response) => response.text(),
        () => null,
      );
    while (child.exitCode === null && (await answer()) !== `reduxDevToolsPort = ${port}`) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const files = webUi(port);
  const ui = createServer((request, response) => {
    const file = files[new URL(request.url ?? '/', 'http://localhost').pathname] ?? files['/']!;
    response.writeHead(200, { 'content-type': file.type }).end(file.body);
  });
  try {
    await Promise.all([Promise.race([answering(), exited]), listen(ui, uiPort)]);
  } catch (error) {
    child.kill();
    ui.close();
    throw error;
  }
  const address = ui.address();
  return {
    url: `http://localhost:${typeof address === 'object' && address ? address.port : uiPort}`,
    port,
    process: child,
    close: async () => {
      await new Promise<void>((resolve) => ui.close(() => resolve()));
      if (child.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill();
      });
    },
  };
}

if (require.main === module) {
  void startMonitor(DEVTOOLS_PORT, Number(process.env.DEVTOOLS_UI_PORT || DEVTOOLS_PORT + 1)).then((monitor) => {
    console.log(`Redux DevTools: open ${monitor.url}; development builds without the extension report to port ${DEVTOOLS_PORT}`);
    // The CLI's process ends with this one.
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void monitor.close().then(() => process.exit(0)));
  });
}
