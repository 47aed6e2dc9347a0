// Series sampled through a long run and summarized by tenth of it (by rollouts done, not time):
// each tenth's value is the mean of the samples taken while the run was in it. A flat (bounded)
// series is one whose last tenth is at most a share above its second (the first holds the
// warm-up); falling is not growing (a swept directory's file count saws between sweeps).
export class Tenths {
  readonly #sums = new Map<string, number[]>();
  readonly #counts = new Map<string, number[]>();

  add(tenth: number, name: string, value: number): void {
    if (!this.#sums.has(name)) {
      this.#sums.set(name, Array(10).fill(0));
      this.#counts.set(name, Array(10).fill(0));
    }
    this.#sums.get(name)![tenth]! += value;
    this.#counts.get(name)![tenth]!++;
  }

  names(): string[] {
    return [...this.#sums.keys()];
  }

  /** The mean per tenth (null where no sample fell), to `digits` decimals. */
  means(name: string, digits = 1): (number | null)[] {
    const counts = this.#counts.get(name)!;
    return this.#sums.get(name)!.map((sum, i) => (counts[i] ? Number((sum / counts[i]!).toFixed(digits)) : null));
  }
}

/** Whether `value` is at most `share` (0.2: 20%) above `reference`; two zeros are. */
export const notAbove = (value: number, reference: number, share: number) => value <= reference + share * Math.abs(reference);
