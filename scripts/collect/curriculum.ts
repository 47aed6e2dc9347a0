// `collect --generate ... --curriculum`: the difficulty level moves with the rewards. Each generated
// row is sent with the current level; the last `lastK` rewards of rollouts run at that level decide:
// a mean at or above `successThreshold` moves one level up (to the dataset's last at most), at or
// below `failureThreshold` one level down (to 0 at least); the window starts afresh at the new
// level. Rollouts started at an earlier level do not count. Every rollout records its level (its
// verify fields echo the row's `level`), so a trainer sees which level a sample came from.

export interface CurriculumOptions {
  start: number;
  /** The dataset's number of levels. */
  levels: number;
  lastK: number;
  successThreshold: number;
  failureThreshold: number;
}

export class Curriculum {
  #level: number;
  #window: number[] = [];
  /** Each move, for the log: the level left, the one entered, and the window's mean. */
  readonly moves: { from: number; to: number; mean: number }[] = [];

  readonly #options: CurriculumOptions;

  constructor(options: CurriculumOptions) {
    const { start, levels, lastK, successThreshold, failureThreshold } = options;
    if (levels < 1) throw new RangeError("the dataset has no difficulty levels to move through");
    if (!Number.isInteger(start) || start < 0 || start >= levels) throw new RangeError(`--level expects an integer from 0 to ${levels - 1}, got ${start}`);
    if (!Number.isInteger(lastK) || lastK < 1) throw new RangeError(`--curriculum-last-k expects a positive integer, got ${lastK}`);
    if (!(failureThreshold < successThreshold)) throw new RangeError(`--failure-threshold (${failureThreshold}) must be below --success-threshold (${successThreshold})`);
    this.#options = options;
    this.#level = start;
  }

  get level(): number {
    return this.#level;
  }

  /** A rollout's reward, run at `level`. */
  record(level: unknown, reward: number): void {
    if (level !== this.#level) return;
    this.#window.push(reward);
    if (this.#window.length < this.#options.lastK) return;
    const mean = this.#window.reduce((sum, r) => sum + r, 0) / this.#window.length;
    this.#window.shift();
    const to = mean >= this.#options.successThreshold ? Math.min(this.#level + 1, this.#options.levels - 1) : mean <= this.#options.failureThreshold ? Math.max(this.#level - 1, 0) : this.#level;
    if (to === this.#level) return;
    this.moves.push({ from: this.#level, to, mean });
    this.#level = to;
    this.#window = [];
  }
}
