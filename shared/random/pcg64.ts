// PCG64 as NumPy runs it: a 128-bit LCG (state = state * MULTIPLIER + inc, mod 2^128, with PCG's
// default 128-bit multiplier and an odd increment), each step followed by the XSL-RR output of the
// new state (the two 64-bit halves xored, rotated right by the state's top six bits).
// The state lives in eight 16-bit limbs so a step is plain float arithmetic (every partial sum stays
// below 2^53): BigInt allocates on each operation and is several times slower.
const MULTIPLIER = 0x2360ed051fc65da44385df649fccf645n;
const MASK_128 = (1n << 128n) - 1n;
const LIMBS = 8;

function toLimbs(value: bigint): Float64Array {
  const limbs = new Float64Array(LIMBS);
  for (let i = 0; i < LIMBS; i++) limbs[i] = Number((value >> BigInt(16 * i)) & 0xffffn);
  return limbs;
}

function fromLimbs(limbs: Float64Array): bigint {
  let value = 0n;
  for (let i = LIMBS - 1; i >= 0; i--) value = (value << 16n) | BigInt(limbs[i]!);
  return value;
}

export class Pcg64 {
  readonly #state: Float64Array;
  readonly #inc: Float64Array;
  readonly #next = new Float64Array(LIMBS);
  static readonly #multiplier = toLimbs(MULTIPLIER);
  /** The last output's high and low 32 bits (as unsigned numbers). */
  hi = 0;
  lo = 0;

  private constructor(state: bigint, inc: bigint) {
    this.#state = toLimbs(state);
    this.#inc = toLimbs(inc);
  }

  /** PCG's srandom with NumPy's split of four uint64 seed words: initstate from the first two
   * (high word first), the stream from the last two; inc = stream * 2 + 1. */
  static fromSeedWords(words: readonly [bigint, bigint, bigint, bigint]): Pcg64 {
    const initState = (words[0] << 64n) | words[1];
    const inc = ((((words[2] << 64n) | words[3]) << 1n) | 1n) & MASK_128;
    // From state 0: one step (state = inc), add initstate, one more step.
    const seeded = (inc + initState) & MASK_128;
    return new Pcg64((seeded * MULTIPLIER + inc) & MASK_128, inc);
  }

  /** The LCG state and increment, as NumPy's bit_generator.state reports them. */
  get state(): { state: bigint; inc: bigint } {
    return { state: fromLimbs(this.#state), inc: fromLimbs(this.#inc) };
  }

  /** Advance and set `hi`/`lo` to the next 64-bit output. */
  next(): void {
    const s = this.#state;
    const m = Pcg64.#multiplier;
    const out = this.#next;
    let carry = 0;
    for (let k = 0; k < LIMBS; k++) {
      let column = carry + this.#inc[k]!;
      for (let i = 0; i <= k; i++) column += s[i]! * m[k - i]!;
      carry = Math.floor(column / 0x10000);
      out[k] = column - carry * 0x10000;
    }
    s.set(out);
    const xorHi = ((s[2]! | (s[3]! << 16)) ^ (s[6]! | (s[7]! << 16))) >>> 0;
    const xorLo = ((s[0]! | (s[1]! << 16)) ^ (s[4]! | (s[5]! << 16))) >>> 0;
    const rotation = s[7]! >>> 10;
    const high = rotation >= 32 ? xorLo : xorHi;
    const low = rotation >= 32 ? xorHi : xorLo;
    const shift = rotation & 31;
    if (shift === 0) {
      this.hi = high;
      this.lo = low;
    } else {
      this.hi = ((high >>> shift) | (low << (32 - shift))) >>> 0;
      this.lo = ((low >>> shift) | (high << (32 - shift))) >>> 0;
    }
  }
}
