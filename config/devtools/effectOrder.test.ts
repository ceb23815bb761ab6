import { firstReordering } from './effectOrder';

const X = { type: 'content/succeeded', payload: { key: 'x' } };
const Y = { type: 'content/succeeded', payload: { key: 'y' } };
const Z = { type: 'navigation/routeEntered' };

describe('the order of the actions two runs share', () => {
  it('is kept when an action put twice is put once: recorded X Y X, replayed Y X', () => {
    expect(firstReordering([X, Y, X], [Y, X])).toEqual([]);
    expect(firstReordering([Y, X], [X, Y, X])).toEqual([]);
  });

  it('is kept when actions are only gone or added', () => {
    expect(firstReordering([X, Z, Y], [X, Y])).toEqual([]);
    expect(firstReordering([X, Y], [Z, X, Z, Y])).toEqual([]);
    expect(firstReordering([], [X])).toEqual([]);
  });

  it('is another when two shared actions swap, named at the first one out of place', () => {
    expect(firstReordering([Z, X, Y], [Z, Y, X])).toEqual([
      `the sagas put the actions both runs share in another order, from #1: recorded ${JSON.stringify(X)}, replayed ${JSON.stringify(Y)}`,
    ]);
  });

  it('is another when a repeated action moves past another: recorded X X Y, replayed X Y X', () => {
    expect(firstReordering([X, X, Y], [X, Y, X])).toHaveLength(1);
  });
});
