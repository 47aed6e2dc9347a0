// The draws of Python's `random` module after `random.seed(n)` for an integer n, so that a seed
// deals what the reference deals: MT19937 keyed by |n|'s 32-bit words (init_by_array), and
// randint(a, b) as a + a draw below b - a + 1 from the top bits of 32-bit outputs, retried while
// too large (CPython's _randbelow_with_getrandbits).
import { MT19937 } from "../../../shared/random/mt19937.ts";
export class PythonRandom {
  readonly #mt: MT19937;

  constructor(seed: number) {
    let rest = Math.abs(seed);
    const key: number[] = [];
    do {
      key.push(rest % 2 ** 32);
      rest = Math.floor(rest / 2 ** 32);
    } while (rest > 0);
    this.#mt = MT19937.fromKey(key);
  }

  nextUint32(): number {
    return this.#mt.nextUint32();
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
