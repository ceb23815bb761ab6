import { parseTrustProxy } from '../../contracts/trustProxy';
import { trustedPeer } from './trustedPeer';

describe('trustedPeer: whose request id (and forwarding headers) the site believes', () => {
  it('unset trusts nobody', () => {
    const trusted = trustedPeer(parseTrustProxy(undefined));
    expect(['127.0.0.1', '10.0.0.1', '::1'].map(trusted)).toEqual([false, false, false]);
  });

  it('a list trusts its addresses and subnets, IPv4-mapped addresses included, and nothing else', () => {
    const trusted = trustedPeer(parseTrustProxy('10.1.0.0/16, 192.0.2.7, loopback'));
    expect(trusted('10.1.200.3')).toBe(true);
    expect(trusted('::ffff:10.1.0.9')).toBe(true);
    expect(trusted('192.0.2.7')).toBe(true);
    expect(trusted('127.0.0.1')).toBe(true);
    expect(trusted('10.2.0.1')).toBe(false);
    expect(trusted('192.0.2.8')).toBe(false);
    expect(trusted('not an address')).toBe(false);
  });

  it('refuses TRUST_PROXY=true, which would let any visitor choose their address, and a hop count, which names no proxy; says to name it', () => {
    expect(() => parseTrustProxy('true')).toThrow(/name the proxy by address or CIDR \(TRUST_PROXY=127\.0\.0\.1/);
    for (const count of ['0', '1', '2'])
      expect(() => parseTrustProxy(count)).toThrow(/hop count.*name the proxy by address or CIDR \(TRUST_PROXY=127\.0\.0\.1/);
    expect(parseTrustProxy('false')).toBe(false);
  });
});
