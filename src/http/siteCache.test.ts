import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CACHE_PURGE_SECRET_FILE, cachePurgeSecret, requestCachePurge } from './siteCache';

describe('the cache-purge secret', () => {
  it('is made once, 0600, in the data folder; the import only reads it; the environment wins', () => {
    const data = { dir: mkdtempSync(join(tmpdir(), 'site-cache-')) };
    expect(cachePurgeSecret(data.dir, {}, false)).toBeNull();
    const made = cachePurgeSecret(data.dir, {});
    expect(made).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(join(data.dir, CACHE_PURGE_SECRET_FILE)).mode & 0o777).toBe(0o600);
    expect(cachePurgeSecret(data.dir, {}, false)).toBe(made);
    expect(cachePurgeSecret(data.dir, { CACHE_PURGE_SECRET: 'from-env' })).toBe('from-env');
    rmSync(data.dir, { recursive: true, force: true });
  });

  it('an import with no site running says so instead of failing', async () => {
    expect(await requestCachePurge('http://127.0.0.1:9', 'x')).toMatch(/No site answered/);
    expect(await requestCachePurge('http://127.0.0.1:9', null)).toMatch(/No cache-purge secret/);
  });
});
