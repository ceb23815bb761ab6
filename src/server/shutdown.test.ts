import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from '../provider/sqliteDriver';
import { spawnListening, tempDataDir } from '../provider/provider.testing';
import { fakeDist } from './server.testing';

const SHUTDOWN_SECONDS = 30;

describe('npm start', () => {
  it('runs the production builds of React and the store unless NODE_ENV says otherwise; under SIGTERM it finishes the requests it accepted, closes the database cleanly and exits by itself', async () => {
    const dist = fakeDist();
    const data = tempDataDir();
    const { child, port, printed } = await spawnListening('src/server/main.ts', {
      PORT: '0',
      PROVIDER_PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: data.dir,
      DIST_DIR: dist,
      SKIP_BUILD: '1',
      NODE_ENV: '', // as a shell that never set it
      // What is checked is that it closes by itself, not how fast this machine answers 150
      // requests: a core busy beside the other lanes took production's 10 s.
      SHUTDOWN_SECONDS: String(SHUTDOWN_SECONDS),
    });
    expect(printed).toContain('NODE_ENV=production');

    const base = `http://127.0.0.1:${port}`;
    // The signal comes once the burst is being answered, however long this machine takes to get there.
    let firstAnswered = () => {};
    const answering = new Promise<void>((resolve) => (firstAnswered = resolve));
    const outcomes = Promise.all(
      Array.from({ length: 150 }, async (_, i) => {
        try {
          const res =
            i % 3 === 0
              ? await fetch(`${base}/api/index/recruit/submitData`, {
                  method: 'POST',
                  body: new URLSearchParams({ name: `s${i}`, phone: '13800000000', email: 'a@b.com', id: '1', consent: '2026-01' }),
                })
              : await fetch(`${base}${i % 3 === 1 ? '/' : '/api/index/index/banner?lan=zh'}`);
          firstAnswered();
          return { i, status: res.status, body: await res.text() };
        } catch {
          return { i, status: 0, body: '' }; // refused after the signal: never accepted
        }
      }),
    );
    await Promise.race([answering, outcomes]); // every one refused: the checks below say so
    child.kill('SIGTERM');
    const [code] = (await once(child, 'exit')) as [number | null];
    // 0: it closed by itself. Past its budget (SHUTDOWN_SECONDS) the process is made to exit with 1.
    expect(code).toBe(0);

    const answered = (await outcomes).filter((o) => o.status !== 0);
    expect(answered.length).toBeGreaterThan(0);
    // Whatever was accepted was answered in full; a few arriving while it closes are told 503.
    for (const outcome of answered) expect([200, 429, 503]).toContain(outcome.status);
    const acknowledged = answered.filter((o) => o.i % 3 === 0 && o.status === 200 && JSON.parse(o.body).code === 0).map((o) => `s${o.i}`);
    const db = new Database(join(data.dir, 'provider.sqlite'), { readonly: true });
    const stored = new Set((db.prepare('SELECT name FROM applications').all() as { name: string }[]).map((r) => r.name));
    expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
    data.remove();
    rmSync(dist, { recursive: true, force: true });
  }, 95_000); // its start (spawnListening's limit, 60 s), then the shutdown's budget
});
