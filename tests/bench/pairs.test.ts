import type { Audit, Auditor } from './lighthouse';
import { auditPairs, pairTable } from './pairs';

const run = (lcpMs: number, tbtMs = 0): Audit => ({ performance: 1, lcpMs, tbtMs, cls: 0, benchmarkIndex: 2500, lcpElement: 'picture > img' });

/** An auditor answering from a script: each URL's runs in order. */
function scripted(runs: Record<string, (Audit | { failure: string })[]>): { audit: Auditor; order: string[] } {
  const order: string[] = [];
  const audit: Auditor = async (url) => {
    order.push(url);
    return runs[url]!.shift()!;
  };
  return { audit, order };
}

describe('auditPairs', () => {
  it('alternates which side goes first and takes the medians of the pair ratios', async () => {
    const { audit, order } = scripted({ page: [run(1100, 60), run(1000), run(1200)], twin: [run(1000), run(1000), run(1000)] });
    const figures = await auditPairs(audit, '/news', 'page', 'twin', 3);
    expect(order).toEqual(['page', 'twin', 'twin', 'page', 'page', 'twin']);
    expect(figures.pairs).toBe(3);
    expect(figures.lcpRatio).toBeCloseTo(1.1);
    expect(figures.tbtDeltaMs).toBe(0);
  });

  it('leaves out a pair whose run Lighthouse failed and names the side and the code', async () => {
    const { audit } = scripted({ page: [run(1000), run(3000)], twin: [run(1000), { failure: 'NO_NAVSTART' }] });
    const figures = await auditPairs(audit, '/about', 'page', 'twin', 2);
    expect(figures.pairs).toBe(1);
    expect(figures.failures).toEqual(['twin NO_NAVSTART']);
    expect(figures.lcpRatio).toBe(1);
    const table = pairTable([figures]).join('\n');
    expect(table).toContain('| /about | 1 (twin NO_NAVSTART) |');
    expect(table).toContain('- runs Lighthouse failed (their pairs left out): 1 × twin NO_NAVSTART');
    expect(table).toContain('- LCP ≤ 1.05 × twin: met by all 1 pages');
  });

  it('names the pages that miss a goal', async () => {
    const { audit } = scripted({ page: [run(1100, 80)], twin: [run(1000)] });
    const table = pairTable([await auditPairs(audit, '/innovation', 'page', 'twin', 1)]).join('\n');
    expect(table).toContain('- LCP ≤ 1.05 × twin: missed by /innovation');
    expect(table).toContain('- TBT ≤ twin + 50 ms: missed by /innovation');
    expect(table).toContain('- runs Lighthouse failed: none');
  });
});
