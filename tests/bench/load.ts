/** Throughput and latency of the site server with autocannon (loopback only, bounded). */
import autocannon from 'autocannon';

export interface LoadFigures {
  label: string;
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

export async function runLoad(label: string, url: string, seconds = 10, connections = 50, headers: Record<string, string> = {}): Promise<LoadFigures> {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return {
    label,
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}
