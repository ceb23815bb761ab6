/**
 * A file replaced or deleted in the CMS: the URLs a cache in front keeps its copies under are
 * named by every version any process of the host gave out, a restarted one's too (the ledger on
 * disk), and a deleted file's copies on disk are served by no process afterwards, not even while
 * the provider fails. A real provider stub, real sharp, real files.
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { createFileTakedown } from './fileTakedown';
import { createPictureDisk } from './pictureDisk';
import { createPictureResizer } from './pictures';
import { createPictureVersions } from './pictureVersions';
import { createVersionLedger } from './versionLedger';

const PATH = '/uploads/news/photo.jpg';
const ORIGIN = 'https://www.example.com';

let served: 'red' | 'blue' | 'gone' | 'down' = 'red';
const bytes: Record<string, Buffer> = {};
let server: Server;
let providerUrl: string;
let dir: string;

beforeAll(async () => {
  for (const colour of ['red', 'blue'])
    bytes[colour] = await sharp({ create: { width: 1200, height: 800, channels: 3, background: colour } })
      .jpeg()
      .toBuffer();
  server = createServer((req, res) => {
    if (served === 'down') return res.writeHead(503).end();
    const body = served === 'gone' || req.url !== PATH ? null : bytes[served];
    if (!body) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': body.length, etag: `"${createHash('sha1').update(body).digest('hex')}"` });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  providerUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  served = 'red';
  dir = mkdtempSync(join(tmpdir(), 'file-takedown-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

// The stub answers at once: these limits are for a stub that hangs, not a measure. With a 2 s
// deadline a machine busy with other lanes let a version lookup time out, and the file did not
// count as replaced.
const DEADLINE_MS = 20_000;

/** A site process of the host: its memory is its own, the folder of copies and versions is shared. */
function siteProcess() {
  const ledger = createVersionLedger(join(dir, 'versions'));
  const versions = createPictureVersions(providerUrl, Date.now, DEADLINE_MS, ledger);
  const pictures = createPictureResizer({ providerUrl, timeoutMs: DEADLINE_MS, versions, disk: createPictureDisk(dir, 64 * 1024 * 1024) });
  return { versions, pictures, takedown: createFileTakedown(pictures, versions, ledger, ORIGIN) };
}

const versionsNamed = (urls: string[]) => [...new Set(urls.map((url) => new URL(url).searchParams.get('v')).filter((v) => v !== null))];

describe('a file replaced or deleted in the CMS', () => {
  it('is replaced for a process restarted since another gave out its version: the old version’s URLs are refreshed, the new one’s not', async () => {
    const red = await siteProcess().versions.current(PATH, 0); // a page named it, then the process restarted
    served = 'blue';
    const restarted = siteProcess();
    expect(await restarted.takedown.replaced(PATH)).toBe(true);
    const urls = await restarted.takedown.forgetFile(PATH);
    expect(versionsNamed(urls)).toEqual([red]);
    expect(urls).toContain(`${ORIGIN}${PATH}?v=${red}&w=640`);
    // Refreshed once: a later edit of its alternative text is no replacement.
    expect(await siteProcess().takedown.replaced(PATH)).toBe(false);
  });

  it('is found replaced while lookups rest after a failed one, and the renders after it are given the new version', async () => {
    const process = siteProcess();
    const red = await process.versions.current(PATH, 0);
    served = 'down';
    await process.versions.current('/uploads/news/other.jpg', 0); // a failed lookup: the others rest 10 s
    served = 'blue';
    expect(await process.takedown.replaced(PATH)).toBe(true);
    expect(versionsNamed(await process.takedown.forgetFile(PATH))).toEqual([red]);
    const given = await process.versions.current(PATH, 0); // a render, still within the rest
    expect({ given, red: given === red }).toEqual({ given: expect.stringMatching(/^[\w-]{12}$/), red: false });
  });

  it('told by a peer that it was replaced, refreshes the old version only, though its own memory already holds the new one', async () => {
    const red = await siteProcess().versions.current(PATH, 0);
    served = 'blue';
    const told = siteProcess();
    const blue = await told.versions.current(PATH, 0); // a visitor's request read the new version first
    expect(await told.takedown.replaced(PATH)).toBe(true); // the ledger still names red
    const peer = siteProcess();
    await peer.versions.current(PATH, 0);
    const urls = await peer.takedown.forgetFile(PATH, true);
    expect(versionsNamed(urls)).toEqual([red]);
    expect(peer.versions.known?.(PATH)).toBe(blue);
  });

  it('deleted, names every version given out, and no process serves a copy of it while the provider fails', async () => {
    const first = siteProcess();
    const red = await first.versions.current(PATH, 0);
    expect(await first.pictures.get(PATH, 640, 'webp', red)).not.toBeNull(); // stored on disk too
    const peer = siteProcess();
    await peer.versions.current(PATH, 0); // a peer that gave pages the same version and is told nothing
    served = 'gone';
    const urls = await siteProcess().takedown.forgetFile(PATH);
    expect(urls).toContain(`${ORIGIN}${PATH}?v=${red}&w=640`);
    await first.takedown.forgetFile(PATH);
    served = 'down';
    expect(await first.pictures.get(PATH, 640, 'webp', red)).toBeNull();
    expect(await peer.pictures.get(PATH, 640, 'webp', red)).toBeNull();
  });
});
