/**
 * A loopback port free for a test server to listen on later. Drawn below the kernel's ephemeral
 * range (32768–60999 on Linux): a port the kernel lends for listen(0) is also lent to outgoing
 * connections, so between the check and the listen a database or HTTP client of a test running
 * beside could take it (EADDRINUSE). Ports drawn here are only ever taken by another listener.
 */
import { randomInt } from 'node:crypto';
import { createServer } from 'node:net';

const LOWEST = 20_000;
const BELOW_EPHEMERAL = 32_768;

function listenable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Ports this process handed out: two asked together (Promise.all) never get the same one. */
const handedOut = new Set<number>();

export async function freePort(): Promise<number> {
  for (;;) {
    const port = randomInt(LOWEST, BELOW_EPHEMERAL);
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    if (await listenable(port)) return port;
  }
}
