// The Mersenne Twister (MT19937) both Python's `random` and NumPy's legacy generator draw from:
// seeded by one 32-bit integer (init_genrand: NumPy's np.random.seed) or by an array of 32-bit
// words (init_by_array: Python's random.seed(int), the integer's words least significant first),
// then 32-bit outputs. Environments that must deal what the reference deals use it.
const N = 624;
const M = 397;

export class MT19937 {
  readonly #mt = new Uint32Array(N);
  #index = N;

  private constructor() {}

  /** Seeded by one 32-bit integer (init_genrand). */
  static fromSeed(seed: number): MT19937 {
    const generator = new MT19937();
    generator.#initGenrand(seed);
    return generator;
  }

  /** Seeded by 32-bit words (init_by_array). */
  static fromKey(key: readonly number[]): MT19937 {
    const generator = new MT19937();
    generator.#initByArray(key);
    return generator;
  }

  #initGenrand(s: number): void {
    const mt = this.#mt;
    mt[0] = s >>> 0;
    for (let i = 1; i < N; i++) mt[i] = (Math.imul(1812433253, mt[i - 1]! ^ (mt[i - 1]! >>> 30)) + i) >>> 0;
  }

  #initByArray(key: readonly number[]): void {
    const mt = this.#mt;
    this.#initGenrand(19650218);
    let i = 1;
    let j = 0;
    for (let k = Math.max(N, key.length); k > 0; k--) {
      const prev = mt[i - 1]! ^ (mt[i - 1]! >>> 30);
      mt[i] = ((mt[i]! ^ Math.imul(prev, 1664525)) + key[j]! + j) >>> 0;
      i++;
      j++;
      if (i >= N) {
        mt[0] = mt[N - 1]!;
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = N - 1; k > 0; k--) {
      const prev = mt[i - 1]! ^ (mt[i - 1]! >>> 30);
      mt[i] = ((mt[i]! ^ Math.imul(prev, 1566083941)) - i) >>> 0;
      i++;
      if (i >= N) {
        mt[0] = mt[N - 1]!;
        i = 1;
      }
    }
    mt[0] = 0x80000000;
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
}
