// The draws of NumPy's legacy global generator (np.random.seed, then pandas' sample with
// replacement, i.e. np.random.choice(n, n)), so that a bootstrap seeded as NeMo Gym seeds it
// resamples the same rows: MT19937 seeded by one 32-bit integer, and each index drawn from
// 32-bit outputs masked to the smallest all-ones mask covering n - 1, retried while above it.
const N = 624;
const M = 397;

export class LegacyRandomState {
  readonly #mt = new Uint32Array(N);
  #index = N;

  constructor(seed: number) {
    this.#mt[0] = seed >>> 0;
    for (let i = 1; i < N; i++) {
      const prev = this.#mt[i - 1]!;
      this.#mt[i] = (Math.imul(1812433253, prev ^ (prev >>> 30)) + i) >>> 0;
    }
  }

  #twist(): void {
    const mt = this.#mt;
    for (let i = 0; i < N; i++) {
      const y = (mt[i]! & 0x80000000) | (mt[(i + 1) % N]! & 0x7fffffff);
      mt[i] = mt[(i + M) % N]! ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
    }
    this.#index = 0;
  }

  nextUint32(): number {
    if (this.#index >= N) this.#twist();
    let y = this.#mt[this.#index++]!;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
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
