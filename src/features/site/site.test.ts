import { stateWith } from '../store.testing';
import { selectMediaUrl, selectVariant } from './selectors';

describe('the site configuration', () => {
  it('is what the served page gave the store: the design variant and the media host', () => {
    const state = stateWith((s) => void (s.site = { variant: 'shop', mediaUrl: 'https://media.example.com' }));
    expect(selectVariant(state)).toBe('shop');
    expect(selectMediaUrl(state)).toBe('https://media.example.com');
    expect(selectVariant(stateWith())).toBe('standard');
  });
});
