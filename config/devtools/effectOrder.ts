/**
 * Whether two runs put the actions they share in the same order. An action gone or added is
 * told elsewhere (sagaReplay.ts); here only the order of what both runs put counts, and an action
 * put several times counts as often as it was put: recorded X Y X and replayed Y X keep their
 * order (the first X is gone), while recorded X Y and replayed Y X do not.
 */

/** The pairs (index in `a`, index in `b`) of a longest common subsequence of `a` and `b`, in order. */
function commonSubsequence(a: readonly string[], b: readonly string[]): [number, number][] {
  // lengths[i][j]: the longest common subsequence of a[i..] and b[j..].
  const lengths = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i -= 1)
    for (let j = b.length - 1; j >= 0; j -= 1)
      lengths[i]![j] = a[i] === b[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
  const pairs: [number, number][] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i] === b[j]) pairs.push([i++, j++]);
    else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) i += 1;
    else j += 1;
  }
  return pairs;
}

const counts = (items: readonly string[]) => {
  const counted = new Map<string, number>();
  for (const item of items) counted.set(item, (counted.get(item) ?? 0) + 1);
  return counted;
};

/**
 * Where the actions both runs put first come in another order (none: []): a stale answer applied
 * after a newer one, or a load finished before the one it waited for, reorders what the sagas
 * put, even when an action gone or added hides it from a plain comparison. The actions shared are
 * the multiset both hold; they keep their order when a common subsequence holds them all.
 */
export function firstReordering(recorded: readonly unknown[], replayed: readonly unknown[]): string[] {
  const [a, b] = [recorded, replayed].map((items) => items.map((item) => JSON.stringify(item))) as [string[], string[]];
  const inOrder = commonSubsequence(a, b);
  const [inA, inB] = [counts(a), counts(b)];
  let shared = 0;
  for (const [item, count] of inA) shared += Math.min(count, inB.get(item) ?? 0);
  if (inOrder.length === shared) return [];
  // The first recorded action that the replay put too, but not in the recorded order.
  const matchedA = new Set(inOrder.map(([i]) => i));
  const unmatchedB = counts(b);
  for (const [, j] of inOrder) unmatchedB.set(b[j]!, unmatchedB.get(b[j]!)! - 1);
  const at = a.findIndex((item, i) => !matchedA.has(i) && (unmatchedB.get(item) ?? 0) > 0);
  const before = inOrder.filter(([i]) => i < at).length;
  const replayedThere = inOrder[before] ? b[inOrder[before]![1]] : b[b.indexOf(a[at]!)];
  return [`the sagas put the actions both runs share in another order, from #${before}: recorded ${a[at]}, replayed ${replayedThere}`];
}
