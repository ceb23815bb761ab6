import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { providerTakedown } from './providerTakedown';

/** A provider's takedown route that answers each call with the next status of `statuses` (the last one after). */
async function fakeProvider(statuses: number[]) {
  const bodies: unknown[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      bodies.push(JSON.parse(body));
      res.writeHead(statuses[Math.min(bodies.length, statuses.length) - 1]!).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, bodies, close: () => new Promise((resolve) => server.close(resolve)) };
}

const unpublished = { event: 'entry.unpublish', model: 'news-article', siteId: 7, documentId: 'k2x9d0c1rbq8a7f6e5d4c3b2', locale: 'zh' };

describe('telling the provider of a takedown', () => {
  let provider: Awaited<ReturnType<typeof fakeProvider>> | undefined;
  afterEach(async () => {
    await provider?.close();
    provider = undefined;
  });

  it('tries again after a failure until the provider takes it, logging each failure', async () => {
    provider = await fakeProvider([503, 503, 200]);
    const warnings: string[] = [];
    const { retried } = await providerTakedown(provider.url, 's', (message) => warnings.push(message), [0, 0, 0])(unpublished);
    await retried;
    expect(provider.bodies).toEqual(Array(3).fill({ documentId: unpublished.documentId, locale: 'zh' }));
    expect(warnings).toEqual(Array(2).fill(`The provider failed the takedown of ${unpublished.documentId} (503)`));
  });

  it('tries a provider that does not answer a bounded number of times, then says so', async () => {
    const warnings: string[] = [];
    const closed = await fakeProvider([200]);
    await closed.close(); // nothing listens on its port any more
    const { retried } = await providerTakedown(closed.url, 's', (message) => warnings.push(message), [0, 0])(unpublished);
    await retried;
    expect(warnings).toHaveLength(4);
    expect(warnings.at(-1)).toBe(
      `The provider was not told of the takedown of ${unpublished.documentId} after 3 tries: its next round of asking Strapi takes it out`,
    );
  });

  it('does not try again what the provider took, refused, or does not keep (the content pack)', async () => {
    for (const status of [200, 403, 404]) {
      provider = await fakeProvider([status]);
      const { retried } = await providerTakedown(provider.url, 's', () => {}, [0, 0])(unpublished);
      await retried;
      expect({ status, calls: provider.bodies.length }).toEqual({ status, calls: 1 });
      await provider.close();
      provider = undefined;
    }
  });
});
