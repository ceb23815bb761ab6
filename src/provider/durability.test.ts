import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { tempDataDir } from './testing';

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

async function startProcess(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/provider/main.ts'], {
    env: { ...process.env, PROVIDER_PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && resolve());
    child.once('exit', (code) => reject(new Error(`provider exited with ${code}`)));
  });
  return child;
}

describe('durability', () => {
  it('keeps an acknowledged application through a SIGKILL and a restart', async () => {
    const data = tempDataDir();
    const port = await freePort();
    const first = await startProcess(port, data.dir);
    const body = new URLSearchParams({ name: 'Chen', phone: '123', email: 'chen@example.com', id: '1' });
    const res = await fetch(`http://127.0.0.1:${port}/index/recruit/submitData`, { method: 'POST', body });
    expect(((await res.json()) as { code: number }).code).toBe(0);
    first.kill('SIGKILL');
    await once(first, 'exit');

    const second = await startProcess(port, data.dir);
    second.kill('SIGTERM');
    await once(second, 'exit');
    const db = new Database(join(data.dir, 'provider.sqlite'), { readonly: true });
    expect(db.prepare('SELECT name, email FROM applications').all()).toEqual([{ name: 'Chen', email: 'chen@example.com' }]);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
    data.remove();
  }, 30_000);
});
