/**
 * Who a visitor is for a per-visitor limit, through the real site (behind a proxy TRUST_PROXY
 * names) and the real embedded provider: an IPv4 visitor is their address, an IPv6 visitor
 * their /64 (one subscriber's network holds a whole /64, so a per-address budget would be walked
 * round), and an IPv4-mapped IPv6 address (::ffff:a.b.c.d) the IPv4 address it is.
 */
import { ENDPOINT } from '../../contracts/endpoints';
import { SUBMIT_RATE_LIMIT } from '../../provider/submissionRoutes';
import { visitorKey } from '../../http/visitorKey';
import { startSiteAndProvider } from '../server.testing';

let stack: Awaited<ReturnType<typeof startSiteAndProvider>>;
let base: string;

beforeAll(async () => {
  stack = await startSiteAndProvider({ site: { trustProxy: ['127.0.0.1'] } });
  base = stack.base;
}, 20_000);

afterAll(() => stack.close(), 20_000);

const message = () =>
  new URLSearchParams({
    category: 'medical',
    medication: '复方樟脑软膏',
    reason: '湿疹',
    name: '王芳',
    phone: '13800000000',
    email: '',
    description: '',
    consent: '2026-01',
    health_consent: '2026-01',
  });

/** A patient message sent as the proxy (127.0.0.1) says `visitor` sent it; the envelope's code (0 stored, 429 refused). */
async function submitAs(visitor: string): Promise<number> {
  const res = await fetch(`${base}/api${ENDPOINT.patientSubmit}?lan=zh`, { method: 'POST', body: message(), headers: { 'x-forwarded-for': visitor } });
  const body = (await res.json()) as { code: number };
  return res.status === 429 ? 429 : body.code;
}

/** Spends a whole budget, one request per address (cycling through them). */
async function spend(addresses: string[]) {
  for (let i = 0; i < SUBMIT_RATE_LIMIT.points; i += 1) expect(await submitAs(addresses[i % addresses.length] as string)).toBe(0);
}

describe('the form rate limit counts each visitor once', () => {
  it('shares one budget among the addresses of one IPv6 /64, and keeps another /64 apart', async () => {
    // Ten different addresses, each asking once: one visitor's ten messages.
    await spend(Array.from({ length: SUBMIT_RATE_LIMIT.points }, (_, i) => `2001:db8:a:b:${i + 1}::${i + 7}`));
    // A fresh address of the same /64, however written, is the same visitor…
    for (const address of ['2001:db8:a:b:ffff:ffff:ffff:ffff', '2001:0DB8:000A:000B::99']) expect(await submitAs(address)).toBe(429);
    // …the next /64 is somebody else.
    expect(await submitAs('2001:db8:a:c::1')).toBe(0);
  });

  it('keys an IPv4 visitor by address, and an IPv4-mapped IPv6 address as that IPv4 address', async () => {
    await spend(['::ffff:198.51.100.9', '198.51.100.9']);
    expect(await submitAs('198.51.100.9')).toBe(429);
    expect(await submitAs('::ffff:198.51.100.9')).toBe(429);
    // The neighbour in the same /24 (or /64 of the mapped space) has a budget of their own.
    expect(await submitAs('198.51.100.10')).toBe(0);
    expect(await submitAs('::ffff:198.51.100.11')).toBe(0);
  });
});

describe('visitorKey', () => {
  it('is the address for IPv4, the /64 for IPv6, the IPv4 address for an IPv4-mapped one', () => {
    expect(visitorKey('203.0.113.7')).toBe('203.0.113.7');
    expect(visitorKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(visitorKey('2001:db8:a:b::1')).toBe(visitorKey('2001:0db8:000a:000b:ffff:ffff:ffff:ffff'));
    expect(visitorKey('2001:DB8:A:B::1')).toBe(visitorKey('2001:db8:a:b::2'));
    expect(visitorKey('2001:db8:a:b::1')).not.toBe(visitorKey('2001:db8:a:c::1'));
    expect(visitorKey('::1')).toBe(visitorKey('::2'));
  });
});
