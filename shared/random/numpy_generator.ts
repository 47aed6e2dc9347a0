// NumPy 2.x's np.random.default_rng(int), draw for draw: SeedSequence(seed) fills four uint64 words
// (generate_state(4, np.uint64), i.e. eight uint32 words paired little-endian) that seed PCG64, and
// the Generator's random() and normal() turn its 64-bit outputs into doubles the way NumPy does.
// Environments whose reference draws from default_rng (noise, sampled scenarios) use it to reproduce
// the reference's numbers exactly.
//
// Math.exp and Math.log1p stand in for the C library's exp and log1p; exp only decides the wedge's
// accept test (a last-ulp difference would have to land on the uniform draw to matter), log1p's
// results feed tail draws (V8 and glibc both use fdlibm's log1p algorithm).
import {
  ZIGGURAT_NORMAL_FI as FI,
  ZIGGURAT_NORMAL_KI as KI,
  ZIGGURAT_NORMAL_R as R,
  ZIGGURAT_NORMAL_WI as WI,
} from "./normal_ziggurat_tables.ts";
import { seedSequenceState } from "./numpy_seed_sequence.ts";
import { Pcg64 } from "./pcg64.ts";

const INV_R = 1 / R;
const TWO_POW_21 = 2 ** 21;
const TWO_POW_23 = 2 ** 23;
const TWO_POW_MINUS_53 = 2 ** -53;

export class NumpyGenerator {
  readonly #bits: Pcg64;

  constructor(bits: Pcg64) {
    this.#bits = bits;
  }

  /** The next uint64, as `rng.bit_generator.random_raw()`. */
  randomRaw(): bigint {
    const bits = this.#bits;
    bits.next();
    return (BigInt(bits.hi) << 32n) | BigInt(bits.lo);
  }

  /** A double in [0, 1): the output's top 53 bits over 2^53, as `rng.random()`. */
  random(): number {
    const bits = this.#bits;
    bits.next();
    return (bits.hi * TWO_POW_21 + (bits.lo >>> 11)) * TWO_POW_MINUS_53;
  }

  /** `rng.normal(loc, scale)`: loc + scale * (a standard normal from the 256-layer ziggurat). */
  normal(loc = 0, scale = 1): number {
    if (scale < 0 || Object.is(scale, -0)) throw new Error(`normal: scale must be non-negative, got ${scale}`);
    return loc + scale * this.standardNormal();
  }

  /** `rng.standard_normal()`. Each 64-bit output gives the layer (low 8 bits), the sign (bit 8) and a
   * 52-bit magnitude (bits 9..60); the tail and the wedges draw further uniforms. */
  standardNormal(): number {
    const bits = this.#bits;
    for (;;) {
      bits.next();
      const { hi, lo } = bits;
      const layer = lo & 0xff;
      const magnitude = (hi & 0x1fffffff) * TWO_POW_23 + (lo >>> 9);
      const x = (lo & 0x100 ? -magnitude : magnitude) * WI[layer]!;
      if (magnitude < KI[layer]!) return x;
      if (layer === 0) {
        // Beyond R: Marsaglia's exponential rejection; its sign is the magnitude's bit 8.
        const negative = (lo & 0x20000) !== 0;
        for (;;) {
          const tail = -INV_R * Math.log1p(-this.random());
          const y = -Math.log1p(-this.random());
          if (y + y > tail * tail) return negative ? -(R + tail) : R + tail;
        }
      }
      if ((FI[layer - 1]! - FI[layer]!) * this.random() + FI[layer]! < Math.exp(-0.5 * x * x)) return x;
    }
  }
}

/** np.random.default_rng(seed) for a non-negative integer seed (a bigint for any size; a number only
 * up to 2^53 - 1, since larger numbers may already have lost the seed's low digits). */
export function defaultRng(seed: number | bigint): NumpyGenerator {
  if (typeof seed === "number" && !(Number.isSafeInteger(seed) && seed >= 0)) {
    throw new Error(`defaultRng: the seed must be a non-negative safe integer (pass larger seeds as a bigint), got ${seed}`);
  }
  if (typeof seed === "bigint" && seed < 0n) throw new Error(`defaultRng: the seed must be non-negative, got ${seed}`);
  const words = seedSequenceState(BigInt(seed), 8);
  const word64 = (i: number): bigint => (BigInt(words[2 * i + 1]!) << 32n) | BigInt(words[2 * i]!);
  return new NumpyGenerator(Pcg64.fromSeedWords([word64(0), word64(1), word64(2), word64(3)]));
}
