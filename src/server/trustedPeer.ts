/** Whether the hop a request came from is one TRUST_PROXY names (what it sends about the visitor is believed). */
import { BlockList, isIP } from 'node:net';
import type { TrustProxy } from '../contracts/trustProxy';
import { isLoopback, type PeerCheck } from '../provider/logging';

const family = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

export function trustedPeer(trust: TrustProxy): PeerCheck {
  if (trust === true || (typeof trust === 'number' && trust > 0)) return () => true;
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
