// NumPy's SeedSequence (the seed_seq_fe hash of Melissa O'Neill's randutils, pool of four uint32
// words) for an integer entropy and no spawn key: what np.random.default_rng(int) seeds PCG64 with.
// The integer becomes uint32 words, least significant first; every product wraps at 32 bits.
const POOL_SIZE = 4;
const INIT_A = 0x43b0d7e5;
const MULT_A = 0x931e8875;
const INIT_B = 0x8b51f9dd;
const MULT_B = 0x58f38ded;
const MIX_MULT_L = 0xca01f9dd;
const MIX_MULT_R = 0x4973f715;
const XSHIFT = 16;

/** The integer's uint32 words, least significant first (0 is one zero word). */
export function uint32Words(value: bigint): number[] {
  const words = [Number(value & 0xffffffffn)];
  for (let rest = value >> 32n; rest > 0n; rest >>= 32n) words.push(Number(rest & 0xffffffffn));
  return words;
}

function mix(x: number, y: number): number {
  const result = (Math.imul(MIX_MULT_L, x) - Math.imul(MIX_MULT_R, y)) >>> 0;
  return (result ^ (result >>> XSHIFT)) >>> 0;
}

/** The mixed entropy pool of SeedSequence(entropy). */
function entropyPool(entropy: bigint): Uint32Array {
  const words = uint32Words(entropy);
  let hashConst = INIT_A;
  // Each call advances the hash multiplier, so the order of calls is part of the result.
  const hashMix = (value: number): number => {
    let mixed = (value ^ hashConst) >>> 0;
    hashConst = Math.imul(hashConst, MULT_A) >>> 0;
    mixed = Math.imul(mixed, hashConst) >>> 0;
    return (mixed ^ (mixed >>> XSHIFT)) >>> 0;
  };
  const pool = new Uint32Array(POOL_SIZE);
  for (let i = 0; i < POOL_SIZE; i++) pool[i] = hashMix(words[i] ?? 0);
  for (let src = 0; src < POOL_SIZE; src++) {
    for (let dst = 0; dst < POOL_SIZE; dst++) if (src !== dst) pool[dst] = mix(pool[dst]!, hashMix(pool[src]!));
  }
  for (let src = POOL_SIZE; src < words.length; src++) {
    for (let dst = 0; dst < POOL_SIZE; dst++) pool[dst] = mix(pool[dst]!, hashMix(words[src]!));
  }
  return pool;
}

/** SeedSequence(entropy).generate_state(count, np.uint32). */
export function seedSequenceState(entropy: bigint, count: number): Uint32Array {
  const pool = entropyPool(entropy);
  const state = new Uint32Array(count);
  let hashConst = INIT_B;
  for (let i = 0; i < count; i++) {
    let value = (pool[i % POOL_SIZE]! ^ hashConst) >>> 0;
    hashConst = Math.imul(hashConst, MULT_B) >>> 0;
    value = Math.imul(value, hashConst) >>> 0;
    state[i] = (value ^ (value >>> XSHIFT)) >>> 0;
  }
  return state;
}
