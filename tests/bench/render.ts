/**
 * CPU time of an uncached server render: the page's sagas, React's renderToString, the head
 * tags, the document and its br + gzip bodies. The provider's answers are recorded once over
 * HTTP, then replayed from memory, so the figure is the site server's own work only.
 */
import { join } from 'node:path';
import type { Api } from '../../src/api/api';
import { ROUTE_SAMPLES } from '../browser/harness';
import type { Locale } from '../../src/contracts/locale';
import { readBuildAssets } from '../../src/server/render/document';
import { createPageRenderer, type PageAddress } from '../../src/server/render/pageRenderer';
import { createProviderApi } from '../../src/server/render/serverDeps';

export interface RenderFigures {
  locale: Locale;
  renders: number;
  p50Ms: number;
  p99Ms: number;
}

/** Every route's sample path, as the browser suite and the pairs use them (ids from the seed content). */
const SAMPLE_PATHS = ROUTE_SAMPLES.map((sample) => sample.path);

/** An api that records every answer on the first call and replays it afterwards. */
function recordingApi(live: Api): Api {
  const answers = new Map<string, unknown>();
  return new Proxy(live, {
    get:
      (target, name: keyof Api) =>
      async (...args: unknown[]) => {
        const key = `${String(name)} ${JSON.stringify(args)}`;
        if (!answers.has(key)) answers.set(key, await (target[name] as (...a: unknown[]) => Promise<unknown>)(...args));
        return answers.get(key);
      },
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

export async function measureRenderCpu(providerUrl: string, mediaUrl: string, rounds = 20): Promise<RenderFigures[]> {
  const api = recordingApi(createProviderApi(providerUrl, mediaUrl, 5000));
  // Nothing is kept (1 byte of cache), and each round uses its own origin: every call renders.
  const renderer = createPageRenderer({
    assets: readBuildAssets(join(__dirname, '..', '..', 'dist')),
    providerUrl,
    config: { mediaUrl, variant: 'standard' },
    deadlineMs: 5000,
    cache: { maxBytes: 1, freshMs: 0, staleWhileRevalidateMs: 0, staleIfErrorMs: 0 },
    log: (...args) => console.warn(...args),
    api,
  });
  const figures: RenderFigures[] = [];
  for (const locale of ['zh', 'en'] as const) {
    const address = (path: string, round: number): PageAddress => ({ locale, path, search: '', origin: `https://bench-${round}.example` });
    for (const path of SAMPLE_PATHS) await renderer.page(address(path, -1)); // record the answers, warm the code
    const samples: number[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const path of SAMPLE_PATHS) {
        const before = process.cpuUsage();
        const page = await renderer.page(address(path, round));
        const used = process.cpuUsage(before);
        // A sample that stopped matching its route would time the 404 page instead.
        if (page?.status !== 200) throw new Error(`${locale} ${path} rendered ${page ? `status ${page.status}` : 'nothing'}`);
        samples.push((used.user + used.system) / 1000);
      }
    }
    samples.sort((a, b) => a - b);
    figures.push({ locale, renders: samples.length, p50Ms: percentile(samples, 50), p99Ms: percentile(samples, 99) });
  }
  return figures;
}
