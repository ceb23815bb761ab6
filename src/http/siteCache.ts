/**
 * The content import tells the running site to drop its cached pages: POST
 * /_internal/cache/purge with a shared secret (CACHE_PURGE_SECRET, or
 * DATA_DIR/cache-purge.secret, which the site makes on start). The site's side is
 * src/server/invalidation/cachePurge.ts.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CACHE_PURGE_PATH } from './internalPaths';

export const CACHE_PURGE_SECRET_FILE = 'cache-purge.secret';

/** The secret from the environment, else the data folder's file, made (0600) on first use. */
export function cachePurgeSecret(dataDir: string, env: NodeJS.ProcessEnv = process.env, create = true): string | null {
  if (env.CACHE_PURGE_SECRET) return env.CACHE_PURGE_SECRET;
  const file = join(dataDir, CACHE_PURGE_SECRET_FILE);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim() || null;
  if (!create) return null;
  try {
    writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as { code?: string }).code !== 'EEXIST') throw error; // another process made it first
  }
  return readFileSync(file, 'utf8').trim();
}

/** What the content import calls; says in words what happened, never throws. */
export async function requestCachePurge(siteUrl: string, secret: string | null): Promise<string> {
  if (!secret) return 'No cache-purge secret found: the site shows the change within its page cache windows.';
  try {
    const res = await fetch(new URL(CACHE_PURGE_PATH, siteUrl), { method: 'POST', headers: { authorization: `Bearer ${secret}` } });
    return res.status === 204
      ? `The site at ${siteUrl} dropped its cached pages: the change shows now.`
      : `The site at ${siteUrl} refused to drop its cached pages (${res.status}).`;
  } catch {
    return `No site answered at ${siteUrl}: it shows the change when it starts (or within its page cache windows).`;
  }
}
