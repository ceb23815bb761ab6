import { readStartConfig } from './start';

/** readStartConfig with its warnings left out. */
const read = (env: NodeJS.ProcessEnv) => readStartConfig(env, () => undefined);

describe('the configuration of npm start', () => {
  it('reads Strapi as the content source only with its address and token, and only for the embedded provider', () => {
    expect(read({}).strapi).toBeNull();
    expect(read({ CONTENT_SOURCE: 'strapi', STRAPI_URL: 'http://cms.internal:1337/admin', STRAPI_TOKEN: 't0ken' }).strapi).toEqual({
      url: 'http://cms.internal:1337',
      token: 't0ken',
    });
    expect(() => read({ CONTENT_SOURCE: 'strapi', STRAPI_URL: 'http://cms.internal:1337' })).toThrow('CONTENT_SOURCE=strapi needs STRAPI_URL');
    expect(() => read({ CONTENT_SOURCE: 'contentful' })).toThrow('CONTENT_SOURCE must be "pack" or "strapi"');
    expect(() =>
      read({ CONTENT_SOURCE: 'strapi', STRAPI_URL: 'http://cms.internal:1337', STRAPI_TOKEN: 't', PROVIDER_URL: 'http://provider.internal' }),
    ).toThrow('PROVIDER_URL');
  });
});
