/** A small deterministic generator (LCG) in [0, 1), so generated farms are the same on every run. */
export function seededRandom(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}
