import { envelopeError } from '../store.testing';
import { IDLE, isAbsent, type Resource } from './resource';

const resource = (status: Resource<unknown>['status'], data: unknown = null): Resource<unknown> => ({
  ...IDLE,
  status,
  data,
  error: status === 'failed' ? envelopeError(1, 'down') : null,
});

describe('isAbsent', () => {
  it('is true only for a section that loaded and has nothing: an editor left it out', () => {
    expect(isAbsent(resource('succeeded'))).toBe(true);
  });

  it('is false for a section with data, even data that looks empty', () => {
    for (const data of [{ title: 'About' }, [], '', 0]) expect(isAbsent(resource('succeeded', data))).toBe(false);
  });

  it('is false while nothing is known yet or the load failed: the page shows it loading or failed, not left out', () => {
    for (const status of ['idle', 'loading', 'failed'] as const) expect(isAbsent(resource(status))).toBe(false);
    // Data kept from before while it loads again is no answer about this load either.
    expect(isAbsent(resource('loading', { title: 'About' }))).toBe(false);
  });
});
