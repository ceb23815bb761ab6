/**
 * Whether the hop a request came from is a proxy TRUST_PROXY names by address, so that what it
 * says about the request (its X-Request-Id) is taken. Unset, no peer is: the site makes its own
 * request ids.
 */
import { BlockList, isIP } from 'node:net';
import type { TrustProxy } from '../../contracts/trustProxy';
import { isLoopback, type PeerCheck } from '../../http/requestId';

const family = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

export function trustedPeer(trust: TrustProxy): PeerCheck {
  if (!Array.isArray(trust)) return () => false;
  const listed = new BlockList();
  let loopback = false;
  for (const entry of trust) {
    const [address = '', bits] = entry.split('/');
    if (entry === 'loopback') loopback = true;
    else if (isIP(address) && bits) listed.addSubnet(address, Number(bits), family(address));
    else if (isIP(address)) listed.addAddress(address, family(address));
  }
  return (peer) => {
    const plain = peer.replace(/^::ffff:/, '');
    return (loopback && isLoopback(plain)) || (isIP(plain) !== 0 && listed.check(plain, family(plain)));
  };
}
