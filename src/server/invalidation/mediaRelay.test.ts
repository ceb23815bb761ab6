/**
 * A media edit reaches every site process as Strapi sent it, and each settles it by the versions
 * it gave out: the process Strapi calls may never have read a file its peer served, and a
 * replacement there is nothing here. An edit that replaced nothing here lists no page to refresh.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import type { CmsChange } from '../render/cmsAffectedPages';
import { CMS_WEBHOOK_PATH, registerCmsWebhook, type WebhookEffects } from './cmsWebhook';
import { createPurgeRelay, type PurgeRelay } from './purgeRelay';

const SECRET = 'media-relay-secret';
const FILE = '/uploads/news/photo.jpg';
const MEDIA_UPDATE = { event: 'media.update', media: { id: 7, name: 'photo.jpg', url: FILE } };

/** A site process whose copies of FILE are of an older version (`servedOld`) or of none, and what it tells its relay. */
async function siteProcess(servedOld: boolean) {
  const told: { received: [CmsChange, readonly string[], readonly string[], CmsChange | null | undefined][]; relayed: (readonly string[])[] } = {
    received: [],
    relayed: [],
  };
  const forgotten: string[] = [];
  const effects: WebhookEffects = {
    drop: () => [],
    takeDown: async () => undefined,
    replaced: async () => servedOld,
    forgetFile: async (file, replaced) => {
      forgotten.push(`${file}${replaced ? ' (replaced)' : ''}`);
      return [`https://www.example.com${file}?v=old&w=640`];
    },
  };
  const relay = {
    received: (...args: [CmsChange, readonly string[], readonly string[], CmsChange | null | undefined]) => told.received.push(args),
    relayed: (_marked: readonly string[], files: readonly string[] = []) => told.relayed.push(files),
  } as unknown as PurgeRelay;
  const app = Fastify();
  registerCmsWebhook(app, SECRET, effects, relay);
  await app.ready();
  const post = (payload: unknown) =>
    app.inject({ method: 'POST', url: CMS_WEBHOOK_PATH, headers: { authorization: `Bearer ${SECRET}` }, payload: payload as object });
  return { app, post, told, forgotten };
}

describe('a media edit Strapi sends one site process', () => {
  it('is passed on as sent when it replaced nothing here, with no page listed, and the peer that served the file forgets it', async () => {
    const called = await siteProcess(false);
    expect((await called.post(MEDIA_UPDATE)).statusCode).toBe(204);
    expect(called.forgotten).toEqual([]);
    expect(called.told.received.map(([change, marked, files, settled]) => ({ event: change.event, file: change.file, marked, files, settled }))).toEqual([
      { event: 'media.update', file: FILE, marked: [], files: [], settled: null },
    ]);

    const peer = await siteProcess(true);
    const relayedChange = called.told.received[0]?.[0];
    expect((await peer.post({ relayed: [relayedChange] })).statusCode).toBe(204);
    expect(peer.forgotten).toEqual([`${FILE} (replaced)`]);
    expect(peer.told.relayed).toEqual([[`https://www.example.com${FILE}?v=old&w=640`]]);
    await Promise.all([called.app.close(), peer.app.close()]);
  });

  it('replaced here, is passed on as a replacement, which a peer forgets whatever it saw itself, and lists the pages of a replacement', async () => {
    const called = await siteProcess(true);
    expect((await called.post(MEDIA_UPDATE)).statusCode).toBe(204);
    const [change, , files, settled] = called.told.received[0] ?? [];
    expect({ sent: change?.event, files, settled }).toEqual({
      sent: 'media.replace',
      files: [`https://www.example.com${FILE}?v=old&w=640`],
      settled: undefined, // listed as sent
    });
    const peer = await siteProcess(false); // its memory already holds the new version
    expect((await peer.post({ relayed: [change] })).statusCode).toBe(204);
    expect(peer.forgotten).toEqual([`${FILE} (replaced)`]);
    await Promise.all([called.app.close(), peer.app.close()]);
  });
});

describe('the purge relay, given a media edit that replaced nothing here', () => {
  it('tells the peers and lists no page to refresh', async () => {
    const asked: string[] = [];
    const stub = createServer((req, res) => {
      asked.push(`${req.method} ${req.url}`);
      req.resume().on('end', () => res.writeHead(204).end());
    });
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
      const listed = jest.fn(async () => [`${url}/`]);
      const relay = createPurgeRelay({ peers: [url], cacheUrl: url, secret: SECRET, path: CMS_WEBHOOK_PATH, listed, windowMs: 1, warn: () => undefined });
      const change: CmsChange = { event: 'media.update', model: null, siteId: null, documentId: null, locale: null, file: FILE };
      relay.received(change, [], [], null);
      while (asked.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      relay.received({ ...change, event: 'entry.publish', model: 'news-article', siteId: 3 }, []);
      while (listed.mock.calls.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(asked[0]).toBe(`POST ${CMS_WEBHOOK_PATH}`);
      expect((listed.mock.calls as unknown as [CmsChange[]][]).map(([changes]) => changes.map(({ event }) => event))).toEqual([['entry.publish']]);
    } finally {
      stub.closeAllConnections();
      await new Promise((resolve) => stub.close(resolve));
    }
  });
});
