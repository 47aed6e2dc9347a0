// The randomness our generators draw from: one Mersenne Twister per task, keyed by the collection's
// seed and the task's index, so task i of seed s is the same task on every machine and in every
// order of generation. Our own draws (not the library's: a generated task is ours, of the same kind).
import { MT19937 } from "../../../../shared/random/mt19937.ts";

export class Rng {
  readonly #mt: MT19937;

  constructor(seed: number, index: number) {
    if (!Number.isSafeInteger(seed) || seed < 0 || !Number.isSafeInteger(index) || index < 0) throw new RangeError(`seed and index must be non-negative integers, got ${seed} and ${index}`);
    const words = (n: number) => [n % 2 ** 32, Math.floor(n / 2 ** 32)];
    this.#mt = MT19937.fromKey([...words(seed), ...words(index)]);
  }

  /** A float in [0, 1) with 53 random bits. */
  float(): number {
    const high = this.#mt.nextUint32() >>> 5;
    const low = this.#mt.nextUint32() >>> 6;
    return (high * 67108864 + low) / 9007199254740992;
  }

  /** An integer from lo to hi, both included (hi - lo below 2**53). */
  int(lo: number, hi: number): number {
    if (!Number.isSafeInteger(lo) || !Number.isSafeInteger(hi) || hi < lo) throw new RangeError(`empty or inexact range ${lo}..${hi}`);
    const n = hi - lo + 1;
    if (n <= 2 ** 32) {
      // Rejection keeps every value equally likely.
      const limit = 2 ** 32 - (2 ** 32 % n);
      let r: number;
      do r = this.#mt.nextUint32();
      while (r >= limit);
      return lo + (r % n);
    }
    return lo + Math.floor(this.float() * n);
  }

  /** A float from lo to hi. */
  uniform(lo: number, hi: number): number {
    return lo + (hi - lo) * this.float();
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.float() < p;
  }

  choice<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError("choice from an empty list");
    return items[this.int(0, items.length - 1)]!;
  }

  /** A shuffled copy (Fisher-Yates). */
  shuffled<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }

  /** k distinct items, in the order drawn. */
  sample<T>(items: readonly T[], k: number): T[] {
    if (k > items.length) throw new RangeError(`sample of ${k} from ${items.length} items`);
    return this.shuffled(items).slice(0, k);
  }
}
