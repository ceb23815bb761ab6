import { negotiateEncoding } from './acceptEncoding';

describe('Accept-Encoding (RFC 9110 §12.5.3)', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.000, gzip', 'gzip'],
    ['br; q=0 , gzip;q=0.2', 'gzip'],
    ['*', 'br'],
    ['br;q=0, *', 'gzip'],
    ['*;q=0.5, gzip', 'gzip'],
    ['*;q=0', 'identity'],
    ['*;q=0, identity;q=0.1', 'identity'],
    ['identity;q=0', 'identity'],
    ['identity;q=0, gzip', 'gzip'],
    ['identity;q=0, *', 'br'],
    ['gzip;q=0.5', 'gzip'],
    ['gzip;q=0.5, identity', 'identity'],
    ['identity, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0.8, gzip;q=0.5, identity;q=0.9', 'identity'],
    ['GZIP, BR;Q=0.9', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=2, gzip;q=0.5x', 'identity'],
    ['br;q=1.000', 'br'],
    ['zstd, deflate', 'identity'],
    ['gzip, gzip;q=0', 'gzip'],
  ] as const)('%p → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });

  it('reads a header sent twice as one list', () => {
    expect(negotiateEncoding(['br;q=0', 'gzip'])).toBe('gzip');
  });
});
