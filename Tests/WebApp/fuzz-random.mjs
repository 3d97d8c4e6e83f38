// The fuzz scripts' one source of randomness: xorshift32, reproducible from the seed, so a finding is
// replayed by running the same script with the same seed.
export function generator(seed) {
  let state = seed >>> 0 || 1;
  const next = () => { state ^= state << 13; state >>>= 0; state ^= state >>> 17; state ^= state << 5; state >>>= 0; return state; };
  return { below: (n) => next() % n, chance: (p) => next() / 2 ** 32 < p };
}
