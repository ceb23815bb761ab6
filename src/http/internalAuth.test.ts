import { internalRefusal } from './internalAuth';

const SECRET = 'a-shared-secret';

describe('the internal endpoints’ guard', () => {
  it('lets through the secret sent as a bearer token, whatever the case of the scheme', () => {
    expect(internalRefusal({ authorization: `Bearer ${SECRET}` }, SECRET)).toBeNull();
    expect(internalRefusal({ authorization: `bearer ${SECRET}` }, SECRET)).toBeNull();
  });

  it('refuses any other secret, including its prefixes and extensions, and a missing one', () => {
    for (const authorization of [`Bearer ${SECRET.slice(0, -1)}`, `Bearer ${SECRET}x`, 'Bearer ', SECRET, `Basic ${SECRET}`, undefined]) {
      expect({ authorization, refusal: internalRefusal({ authorization }, SECRET) }).toEqual({ authorization, refusal: 'wrong secret' });
    }
  });

  it('refuses a request that came through a proxy, even with the secret', () => {
    expect(internalRefusal({ authorization: `Bearer ${SECRET}`, 'x-forwarded-for': '203.0.113.1' }, SECRET)).toBe('proxied');
  });
});
