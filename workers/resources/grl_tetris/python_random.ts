// The draws of Python's `random` module after `random.seed(n)` for an integer n, so that a seed
// deals what the reference deals: MT19937 keyed by |n|'s 32-bit words (init_by_array), and
// randint(a, b) as a + a draw below b - a + 1 from the top bits of 32-bit outputs, retried while
// too large (CPython's _randbelow_with_getrandbits).
const N = 624;
const M = 397;

export class PythonRandom {
  readonly #mt = new Uint32Array(N);
  #index = N;

  constructor(seed: number) {
    let rest = Math.abs(seed);
    const key: number[] = [];
    do {
      key.push(rest % 2 ** 32);
      rest = Math.floor(rest / 2 ** 32);
    } while (rest > 0);
    this.#initByArray(key);
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

  /** random.randint(a, b), both ends included; b - a below 2**32. */
  randint(a: number, b: number): number {
    const n = b - a + 1;
    if (n < 1) throw new RangeError(`empty range for randint(${a}, ${b})`);
    const bits = n.toString(2).length;
    let r: number;
    do r = this.nextUint32() >>> (32 - bits);
    while (r >= n);
    return a + r;
  }
}
