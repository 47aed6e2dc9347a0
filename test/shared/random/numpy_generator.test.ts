// np.random.default_rng(int) reproduced bit for bit: every draw is compared with Object.is against
// NumPy 2.4.6's own (numpy_draws.ts), never within a tolerance.
import { describe, expect, test } from "vitest";
import { defaultRng } from "../../../shared/random/numpy_generator.ts";
import { seedSequenceState, uint32Words } from "../../../shared/random/numpy_seed_sequence.ts";
import { Pcg64 } from "../../../shared/random/pcg64.ts";
import { CHILD_CASES, LONG_RUN_SAMPLES, LONG_RUN_TAILS, PCG64_STATES, SEED_CASES, SEED_SEQUENCE_STATES, WIDE_SEED_RAW } from "./numpy_draws.ts";

const TAIL_START = 3.6541528853610087963519472518;

function expectSame(actual: number[], expected: number[]): void {
  expect(actual.length).toBe(expected.length);
  const differing = actual.flatMap((value, i) => (Object.is(value, expected[i]) ? [] : [{ i, value, expected: expected[i] }]));
  expect(differing).toEqual([]);
}

describe("SeedSequence and PCG64 seeding", () => {
  test("an integer's uint32 words go least significant first; zero is one word", () => {
    expect(uint32Words(0n)).toEqual([0]);
    expect(uint32Words(2n ** 32n + 7n)).toEqual([7, 1]);
    expect(uint32Words(2n ** 64n - 1n)).toEqual([0xffffffff, 0xffffffff]);
  });

  test.each(SEED_SEQUENCE_STATES)("generate_state(8, uint32) for entropy %s", (entropy, words) => {
    expect([...seedSequenceState(entropy, 8)]).toEqual(words);
  });

  test.each(PCG64_STATES)("PCG64's state and increment for entropy %s", (entropy, expected) => {
    const words = seedSequenceState(entropy, 8);
    const word64 = (i: number): bigint => (BigInt(words[2 * i + 1]!) << 32n) | BigInt(words[2 * i]!);
    expect(Pcg64.fromSeedWords([word64(0), word64(1), word64(2), word64(3)]).state).toEqual(expected);
  });
});

describe("defaultRng", () => {
  test.each(SEED_CASES.map((c) => [String(c.seed), c] as const))("seed %s: random_raw, random, then 200 normals", (_, c) => {
    const rng = defaultRng(c.seed);
    expect([rng.randomRaw(), rng.randomRaw(), rng.randomRaw()]).toEqual(c.raw);
    expectSame([rng.random(), rng.random(), rng.random()], c.random);
    expectSame(
      c.normal.map(() => rng.normal()),
      c.normal,
    );
  });

  test("the pinned normals include tail draws on both sides", () => {
    const tails = SEED_CASES.flatMap((c) => c.normal.filter((z) => Math.abs(z) > TAIL_START));
    expect(tails.some((z) => z < 0) && tails.some((z) => z > 0)).toBe(true);
  });

  test.each(CHILD_CASES.map((c, i) => [i, c] as const))("child %i of default_rng(42), and its own child, as the reference seeds them", (i, c) => {
    const parent = defaultRng(42);
    const childSeeds = CHILD_CASES.map(() => parent.randomRaw());
    expect(childSeeds[i]).toBe(c.seed);
    const child = defaultRng(childSeeds[i]!);
    const pairs: number[] = [];
    for (let k = 0; k < c.normalPairs.length / 2; k++) pairs.push(child.normal(0.0, 0.04), child.normal(3.0, 1.5));
    expectSame(pairs, c.normalPairs);
    const grandchildSeed = child.randomRaw();
    expect(grandchildSeed).toBe(c.grandchildSeed);
    const grandchild = defaultRng(grandchildSeed);
    expectSame(
      c.grandchildNormal.map(() => grandchild.normal()),
      c.grandchildNormal,
    );
  });

  test("a seed wider than the pool (five uint32 words) mixes its extra word in", () => {
    const rng = defaultRng(2n ** 150n + 3n);
    expect([rng.randomRaw(), rng.randomRaw(), rng.randomRaw()]).toEqual(WIDE_SEED_RAW);
  });

  test("a number and a bigint seed give the same generator", () => {
    const [a, b] = [defaultRng(12345), defaultRng(12345n)];
    expectSame([a.normal(), a.random(), a.normal()], [b.normal(), b.random(), b.normal()]);
  });

  test("negative, fractional and unsafe seeds are refused", () => {
    expect(() => defaultRng(-1)).toThrow(/non-negative/);
    expect(() => defaultRng(-1n)).toThrow(/non-negative/);
    expect(() => defaultRng(1.5)).toThrow(/non-negative safe integer/);
    expect(() => defaultRng(Number.NaN)).toThrow(/non-negative safe integer/);
    expect(() => defaultRng(2 ** 64)).toThrow(/as a bigint/);
  });

  test("normal refuses a negative scale (NumPy's 'scale < 0', -0.0 included) and draws nothing then", () => {
    const [rng, twin] = [defaultRng(0), defaultRng(0)];
    expect(() => rng.normal(0, -1)).toThrow(/scale/);
    expect(() => rng.normal(0, -0)).toThrow(/scale/);
    expect(rng.normal()).toBe(twin.normal());
    expect(rng.normal(1, Number.NaN)).toBeNaN();
  });

  test("100,000 normals: every tail draw (32) and every 10,000th draw as NumPy's, well under a second", () => {
    const rng = defaultRng(987654321);
    const tails: [number, number][] = [];
    const samples: [number, number][] = [];
    const start = performance.now();
    for (let i = 0; i < 100_000; i++) {
      const z = rng.normal();
      if (Math.abs(z) > TAIL_START) tails.push([i, z]);
      if (i % 10_000 === 9_999) samples.push([i, z]);
    }
    expect(performance.now() - start).toBeLessThan(1000);
    expect(tails.length).toBe(LONG_RUN_TAILS.length);
    expectSame(tails.flat(), LONG_RUN_TAILS.flat());
    expectSame(samples.flat(), LONG_RUN_SAMPLES.flat());
  });
});
