/**
 * A loopback port free for a test server to listen on later. Drawn below the kernel's ephemeral
 * range (32768–60999 on Linux): a port the kernel lends for listen(0) is also lent to outgoing
 * connections, so between the check and the listen a database or HTTP client of a test running
 * beside could take it (EADDRINUSE). Ports drawn here are only ever taken by another listener.
 *
 * "Later" can be a minute: Strapi's webhook names the site's port before Strapi is seeded, and a
 * Strapi child listens seconds after its port is drawn. Test runs go side by side (Strapi on two
 * databases, the unit tests, each with its own workers), so a port is claimed for the whole life
 * of the process that drew it with a file created exclusively in a folder all of them share: no
 * other process draws it while that one lives.
 */
import { randomInt } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const LOWEST = 20_000;
const BELOW_EPHEMERAL = 32_768;
// One folder per user: a folder root made would refuse another user's claims.
const CLAIMS = join(tmpdir(), `site-test-ports-${process.getuid?.() ?? 0}`);

function listenable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A claim is stale once the process that wrote it is gone (claims are not removed on exit: a Jest worker's test file never sees its process exit). */
function ownerGone(file: string): boolean {
  let owner: number;
  try {
    owner = Number(readFileSync(file, 'utf8'));
  } catch {
    return false; // removed as stale meanwhile
  }
  if (!owner) return false; // empty while its owner is still writing it
  try {
    process.kill(owner, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * True when this process now owns `port`. A claim left by a process that is gone is removed for a
 * later draw, not taken: two processes finding it stale at once could otherwise both take it.
 */
export function claimPort(port: number): boolean {
  mkdirSync(CLAIMS, { recursive: true });
  const file = join(CLAIMS, String(port));
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    if (ownerGone(file)) rmSync(file, { force: true });
    return false;
  }
}

/** CLAIMS, exported for its test. */
export { CLAIMS as PORT_CLAIMS };

export async function freePort(): Promise<number> {
  for (;;) {
    const port = randomInt(LOWEST, BELOW_EPHEMERAL);
    if (claimPort(port) && (await listenable(port))) return port;
  }
}
