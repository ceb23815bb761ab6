import { rmSync } from 'node:fs';
import { createSiteServer } from '../app';
import { readConfig } from '../config';
import { fakeDist } from '../server.testing';

let dist: string;
const apps: Awaited<ReturnType<typeof createSiteServer>>[] = [];

beforeAll(() => {
  dist = fakeDist();
});

afterAll(async () => {
  for (const app of apps) await app.close();
  rmSync(dist, { recursive: true, force: true });
});

async function site(options: { publicUrl?: string; allowedHosts?: string[]; trustProxy?: string[] }) {
  // Nothing listens on port 9: every page is the shell, which names its canonical URL too.
  const app = await createSiteServer({
    distDir: dist,
    providerUrl: 'http://127.0.0.1:9',
    mediaUrl: '',
    variant: 'standard',
    renderDeadlineMs: 300,
    ...options,
  });
  apps.push(app);
  return app;
}

const canonical = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];

describe('the origin of absolute URLs', () => {
  it('names only an allowed host, whatever Host or X-Forwarded-Host the visitor sends', async () => {
    const app = await site({ allowedHosts: ['www.example.com', 'example.com'] });
    const hostile = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };
    const robots = await app.inject({ url: '/robots.txt', headers: hostile });
    expect(robots.body).toContain('Sitemap: http://www.example.com/sitemap.xml');
    const page = await app.inject({ url: '/en/about', headers: hostile });
    expect(canonical(page.body)).toBe('http://www.example.com/en/about');
    expect(page.body).not.toContain('evil.example');
    const second = await app.inject({ url: '/robots.txt', headers: { host: 'example.com' } });
    expect(second.body).toContain('Sitemap: http://example.com/sitemap.xml');
  });

  it('names PUBLIC_URL alone when it is set', async () => {
    const app = await site({ publicUrl: 'https://www.example.com', allowedHosts: ['example.com'] });
    const robots = await app.inject({ url: '/robots.txt', headers: { host: 'example.com' } });
    expect(robots.body).toContain('Sitemap: https://www.example.com/sitemap.xml');
  });

  it("takes a trusted proxy's X-Forwarded-Proto only when it is exactly http or https", async () => {
    // inject() comes from 127.0.0.1: the named proxy.
    for (const app of [await site({ allowedHosts: ['www.example.com'], trustProxy: ['127.0.0.1'] }), await site({ trustProxy: ['127.0.0.1'] })]) {
      const host = { host: 'www.example.com' };
      const https = await app.inject({ url: '/en/about', headers: { ...host, 'x-forwarded-proto': 'https' } });
      expect(canonical(https.body)).toBe('https://www.example.com/en/about');
      for (const proto of ['javascript', 'HTTPS', 'ftp', 'https, javascript', 'data']) {
        const robots = await app.inject({ url: '/robots.txt', headers: { ...host, 'x-forwarded-proto': proto } });
        expect({ proto, robots: robots.body }).toEqual({ proto, robots: expect.stringContaining('Sitemap: http://www.example.com/sitemap.xml') });
        const page = await app.inject({ url: '/en/about', headers: { ...host, 'x-forwarded-proto': proto } });
        expect({ proto, canonical: canonical(page.body) }).toEqual({ proto, canonical: 'http://www.example.com/en/about' });
      }
    }
  });

  it('reads ALLOWED_HOSTS, defaults to the local addresses and warns once in production without PUBLIC_URL', () => {
    const warnings: string[] = [];
    const warn = (message: string) => warnings.push(message);
    expect(readConfig({ PORT: '8080', NODE_ENV: 'production' }, warn).allowedHosts).toEqual(['localhost:8080', '127.0.0.1:8080']);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('PUBLIC_URL');
    expect(
      readConfig({ ALLOWED_HOSTS: 'WWW.Example.com, example.com:8443', NODE_ENV: 'production', PUBLIC_URL: 'https://www.example.com' }, warn).allowedHosts,
    ).toEqual(['www.example.com', 'example.com:8443']);
    expect(warnings).toHaveLength(1);
    expect(() => readConfig({ ALLOWED_HOSTS: 'http://evil/' }, warn)).toThrow(/ALLOWED_HOSTS/);
  });
});
