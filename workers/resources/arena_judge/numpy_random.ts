// The draws of NumPy's legacy global generator (np.random.seed, then pandas' sample with
// replacement, i.e. np.random.choice(n, n)), so that a bootstrap seeded as NeMo Gym seeds it
// resamples the same rows: MT19937 seeded by one 32-bit integer, and each index drawn from
// 32-bit outputs masked to the smallest all-ones mask covering n - 1, retried while above it.
import { MT19937 } from "../../../shared/random/mt19937.ts";
export class LegacyRandomState {
  readonly #mt: MT19937;

  constructor(seed: number) {
    this.#mt = MT19937.fromSeed(seed);
  }

  nextUint32(): number {
    return this.#mt.nextUint32();
  }

  /** `size` indices in [0, n), as np.random.choice(n, size) draws them (none drawn when n is 1). */
  choice(n: number, size: number): number[] {
    const max = n - 1;
    if (max === 0) return new Array<number>(size).fill(0);
    let mask = max;
    for (const shift of [1, 2, 4, 8, 16]) mask |= mask >>> shift;
    const out: number[] = [];
    for (let i = 0; i < size; i++) {
      let value: number;
      do value = (this.nextUint32() & mask) >>> 0;
      while (value > max);
      out.push(value);
    }
    return out;
  }
}
