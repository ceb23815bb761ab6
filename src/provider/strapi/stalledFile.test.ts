/**
 * A file of Strapi's /uploads/ through the embedded provider over real HTTP, asked with fetch
 * (undici) as the site asks: a body Strapi stops sending halfway ends the provider's answer in
 * error once silent for the bound, and the provider's close() returns once the answers in flight
 * when it began are sent, rather than when their clients drop the kept-alive connections.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { loadContentPack } from '../content/loadPack';
import { openDatabase } from '../sqliteDatabase';
import { createProviderApp } from '../app';
import { SEED_MEDIA_DIR } from '../startProvider';
import { tempDataDir } from '../provider.testing';
import { CLOSE_GRACE_MS } from '../boundedClose';

const BODY_IDLE_MS = 300;
const HALF = Buffer.alloc(1000, 1);

/** A stand-in for Strapi's file server: each request waits for the test to answer it. */
async function fakeStrapi() {
  const asked: { req: IncomingMessage; res: ServerResponse }[] = [];
  const waiting: ((request: { req: IncomingMessage; res: ServerResponse }) => void)[] = [];
  const server = createServer((req, res) => {
    const next = waiting.shift();
    if (next) next({ req, res });
    else asked.push({ req, res });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** The next request the provider makes of it. */
    request: () =>
      new Promise<{ req: IncomingMessage; res: ServerResponse }>((resolve) => (asked.length > 0 ? resolve(asked.shift()!) : waiting.push(resolve))),
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

let data: ReturnType<typeof tempDataDir>;
let db: Awaited<ReturnType<typeof openDatabase>>;
let strapi: Awaited<ReturnType<typeof fakeStrapi>>;
let provider: Awaited<ReturnType<typeof createProviderApp>>;
let providerUrl: string;
let providerClosed: Promise<unknown> | undefined;

beforeEach(async () => {
  data = tempDataDir();
  db = await openDatabase(data.dir, loadContentPack());
  strapi = await fakeStrapi();
  // The headers' own bound out of the way: a test answers them when it chooses.
  provider = await createProviderApp({
    db,
    mediaDir: SEED_MEDIA_DIR,
    strapi: { url: strapi.url, token: 't', timeoutMs: 20_000, bodyIdleMs: BODY_IDLE_MS },
    retention: false,
  });
  providerUrl = await provider.listen({ port: 0, host: '127.0.0.1' });
  providerClosed = undefined;
});

afterEach(async () => {
  await (providerClosed ?? provider.close());
  await strapi.close();
  db.close();
  data.remove();
});

const sendHeaders = (res: ServerResponse) => res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(HALF.length * 2) });

describe("a file of Strapi's through the provider", () => {
  it('whose body stops halfway (a file rewritten while sent) ends in error once silent for the bound, and ends its request to Strapi', async () => {
    const answer = fetch(`${providerUrl}/uploads/phone.jpg`);
    const { req, res } = await strapi.request();
    const upstreamClosed = new Promise<void>((resolve) => req.socket.once('close', resolve));
    sendHeaders(res);
    res.write(HALF); // and nothing more, the socket left open
    const response = await answer;
    expect(response.status).toBe(200);
    const started = Date.now();
    await expect(response.arrayBuffer()).rejects.toThrow();
    await upstreamClosed;
    // Not the idle bound of undici's body (5 minutes) or of any socket: the provider's own.
    expect(Date.now() - started).toBeLessThan(10 * BODY_IDLE_MS);
  });

  it.each([
    ['before close() began', 'headers'],
    ['after close() began', 'nothing'],
  ] as const)('close() returns once the answer in flight is sent, its headers sent %s', async (_when, sentBeforeClose) => {
    const answer = fetch(`${providerUrl}/uploads/phone.jpg`);
    const { res } = await strapi.request();
    if (sentBeforeClose === 'headers') {
      sendHeaders(res);
      res.write(HALF);
      await answer; // the provider's headers, keep-alive, are with the client
    }
    providerClosed = provider.close();
    // Closing has begun once it stops listening: the connections idle then are closed.
    while (provider.server.listening) await nextTurn();
    if (sentBeforeClose === 'nothing') sendHeaders(res);
    const sent = Date.now();
    res.end(sentBeforeClose === 'headers' ? HALF : Buffer.concat([HALF, HALF]));
    // The answer in flight is sent whole, and close() returns: without ending the connection the
    // client keeps alive, it would wait on it for the Keep-Alive hint's 72 s.
    const [body] = await Promise.all([(await answer).arrayBuffer(), providerClosed]);
    expect(body.byteLength).toBe(HALF.length * 2);
    // Not the grace for answers still unfinished either: this one was done.
    expect(Date.now() - sent).toBeLessThan(CLOSE_GRACE_MS);
  });
});
