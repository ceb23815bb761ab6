import { isChunkLoadError } from './chunkLoadError';

describe('isChunkLoadError', () => {
  it.each([
    Object.assign(new Error('anything'), { name: 'ChunkLoadError' }),
    new Error('Loading chunk vendors-node_modules_axios_index_js failed.'),
    new Error('Loading CSS chunk 12 failed.\n(/static/12.css)'),
    new Error('loading chunk 7 FAILED'),
  ])('knows a chunk that would not download: %s', (error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  it.each([
    new Error('rows is undefined'),
    new Error('Loading chunk failed'),
    new Error('Loading JS chunk 3 failed'),
    { name: 'ChunkLoadError', message: 'Loading chunk 1 failed' },
    { kind: 'network', code: null, msg: 'Loading chunk 1 failed' },
    null,
  ])('takes nothing else for one: %s', (error) => {
    expect(isChunkLoadError(error)).toBe(false);
  });
});
