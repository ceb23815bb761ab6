import { providerTimeToIso } from './providerTime';

describe('providerTimeToIso', () => {
  it('spells out the China Standard Time offset', () => {
    expect(providerTimeToIso('2026-10-20 09:00:00')).toBe('2026-10-20T09:00:00+08:00');
    expect(providerTimeToIso('2026-10-20 09:05')).toBe('2026-10-20T09:05:00+08:00');
    expect(providerTimeToIso('2026-10-20')).toBe('2026-10-20T00:00:00+08:00');
  });

  it('gives null for what is not a date', () => {
    for (const bad of ['', null, undefined, 'yesterday', '2026-13-45 99:99:99', '2026-10-20 09:00:00; DROP']) {
      expect(providerTimeToIso(bad)).toBeNull();
    }
  });
});
