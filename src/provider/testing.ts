/** Test helpers: a provider app over a fresh database in a temp directory, or in its own process. */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadContentPack } from '../../config/content/loadPack';
import { openDatabase } from './database';
import { createProviderApp } from './app';
import { SEED_MEDIA_DIR } from './startProvider';
import type { TrustProxy } from '../contracts/trustProxy';

export function tempDataDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'provider-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export async function providerWithFreshDatabase(trustProxy: TrustProxy = false) {
  const data = tempDataDir();
  const db = openDatabase(data.dir, loadContentPack());
  const app = await createProviderApp({ db, mediaDir: SEED_MEDIA_DIR, trustProxy });
  return {
    app,
    db,
    dataDir: data.dir,
    async close() {
      await app.close();
      db.close();
      data.remove();
    },
  };
}

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

/** `src/provider/main.ts` as a child process, resolved once it listens. */
export async function startProviderProcess(port: number, dataDir: string, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/provider/main.ts'], {
    env: { ...process.env, PROVIDER_PORT: String(port), DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && resolve());
    child.once('exit', (code) => reject(new Error(`provider exited with ${code}`)));
  });
  return child;
}
