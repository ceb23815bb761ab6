import { readConfig } from './config';

/** readConfig with its warnings collected. */
function read(env: NodeJS.ProcessEnv) {
  const warnings: string[] = [];
  const config = readConfig(env, (message) => warnings.push(message));
  return { config, warnings };
}

describe('the site configuration', () => {
  it('warns once about a missing PUBLIC_URL whenever the start may serve visitors, whatever NODE_ENV says', () => {
    for (const env of [{}, { NODE_ENV: 'production' }, { NODE_ENV: 'staging' }, { PORT: '8080' }, { ALLOWED_HOSTS: 'www.example.com' }]) {
      const { warnings } = read(env);
      expect({ env, warnings: warnings.length }).toEqual({ env, warnings: 1 });
      expect(warnings[0]).toMatch(/^PUBLIC_URL is not set/);
    }
    expect(read({ PORT: '8080' }).warnings[0]).toContain('localhost:8080, 127.0.0.1:8080 (ALLOWED_HOSTS unset)');
    expect(read({ ALLOWED_HOSTS: 'www.example.com' }).warnings[0]).toContain('www.example.com (ALLOWED_HOSTS)');
  });

  it('keeps quiet with PUBLIC_URL, and in test and development runs', () => {
    for (const env of [{ PUBLIC_URL: 'https://www.example.com' }, { NODE_ENV: 'test' }, { NODE_ENV: 'development' }, { PORT: '0' }]) {
      expect({ env, warnings: read(env).warnings }).toEqual({ env, warnings: [] });
    }
  });

  it('keeps picture copies under DATA_DIR unless PICTURE_COPIES_DIR names a folder of their own', () => {
    expect(read({ DATA_DIR: '/srv/site' }).config.pictureCopies.dir).toBe('/srv/site/picture-copies');
    expect(read({ DATA_DIR: '/srv/site', PICTURE_COPIES_DIR: '/mnt/copies' }).config.pictureCopies.dir).toBe('/mnt/copies');
  });

  it('gives `npm start` 10 s to finish what it accepted after SIGTERM, or SHUTDOWN_SECONDS', () => {
    expect(read({}).config.shutdownBudgetMs).toBe(10_000);
    expect(read({ SHUTDOWN_SECONDS: '25' }).config.shutdownBudgetMs).toBe(25_000);
    for (const refused of ['soon', '0', '0.5', '3601'])
      expect(() => read({ SHUTDOWN_SECONDS: refused })).toThrow(`SHUTDOWN_SECONDS must be a number of seconds from 1 to 3600, not "${refused}"`);
  });

  it('reads the CMS webhook secret; unset or empty, there is no webhook', () => {
    expect(read({ CMS_WEBHOOK_SECRET: 's3cret' }).config.cmsWebhookSecret).toBe('s3cret');
    expect(read({ CMS_WEBHOOK_SECRET: '' }).config.cmsWebhookSecret).toBeNull();
    expect(read({}).config.cmsWebhookSecret).toBeNull();
  });

  it('shows server renders in Redux DevTools only when asked, in development and tests, never where visitors may be served', () => {
    const renders = (env: NodeJS.ProcessEnv) => read({ PUBLIC_URL: 'https://www.example.com', ...env }).config.devToolsServerRenders;
    expect(renders({ NODE_ENV: 'development', DEVTOOLS_SERVER_RENDERS: '1' })).toBe(8000);
    expect(renders({ NODE_ENV: 'test', DEVTOOLS_SERVER_RENDERS: '1', DEVTOOLS_PORT: '8123' })).toBe(8123);
    expect(renders({ NODE_ENV: 'development' })).toBeNull();
    expect(renders({ NODE_ENV: 'production', DEVTOOLS_SERVER_RENDERS: '1' })).toBeNull();
    expect(renders({ DEVTOOLS_SERVER_RENDERS: '1' })).toBeNull();
  });

  it('takes TRUST_PROXY as addresses or CIDRs, and refuses true and a hop count at start, saying to name the proxy', () => {
    expect(read({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8, 2001:db8::/32', PUBLIC_URL: 'https://www.example.com' }).config.trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '2001:db8::/32',
    ]);
    expect(() => read({ TRUST_PROXY: 'true', PUBLIC_URL: 'https://www.example.com' })).toThrow(/TRUST_PROXY=true.*name the proxy by address or CIDR/);
    for (const count of ['0', '1', '2', ' 1 ', '1, 10.0.0.1']) {
      expect(() => read({ TRUST_PROXY: count, PUBLIC_URL: 'https://www.example.com' })).toThrow(
        /hop count.*not supported.*name the proxy by address or CIDR \(TRUST_PROXY=127\.0\.0\.1/,
      );
    }
  });
});
