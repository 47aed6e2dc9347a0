// A live progress line for long runs: redrawn in place on a terminal, a plain line every few
// seconds otherwise (CI logs), always to stderr so stdout stays clean for results.
export interface ProgressState {
  /** Rollouts finished, including those a resumed run found already done. */
  done: number;
  /** Of `done`, those found already done when this run started: they say nothing about its rate. */
  resumed: number;
  total: number;
  failed: number;
  rewardSum: number;
}

/** A mean reward as people read it: "-" when no rollout succeeded, which is not a mean of 0. */
export const formatMean = (mean: number | null) => (mean === null ? "-" : mean.toFixed(3));

const duration = (s: number) => (s < 90 ? `${Math.ceil(s)}s` : s < 5400 ? `${Math.round(s / 60)}m` : `${(s / 3600).toFixed(1)}h`);

export class ProgressBar {
  readonly #state: ProgressState;
  readonly #label: string;
  readonly #started = performance.now();
  readonly #tty = Boolean(process.stderr.isTTY);
  #timer: NodeJS.Timeout | undefined;

  constructor(label: string, state: ProgressState) {
    this.#label = label;
    this.#state = state;
  }

  start(): void {
    this.#timer = setInterval(() => this.#draw(), this.#tty ? 200 : 5000);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#draw();
    if (this.#tty) process.stderr.write("\n");
  }

  #draw(): void {
    const { done, resumed, total, failed, rewardSum } = this.#state;
    const seconds = (performance.now() - this.#started) / 1000;
    const rate = seconds > 0 ? (done - resumed) / seconds : 0;
    const width = 24;
    const filled = total ? Math.round((done / total) * width) : 0;
    const bar = "#".repeat(filled) + "-".repeat(width - filled);
    const scored = done - resumed - failed;
    const mean = formatMean(scored > 0 ? rewardSum / scored : null);
    const eta = done >= total ? "0s" : rate > 0 ? duration((total - done) / rate) : "?";
    const line = `${this.#label} [${bar}] ${done}/${total} ${rate.toFixed(1)} rollouts/s eta ${eta} mean reward ${mean} failed ${failed}`;
    process.stderr.write(this.#tty ? `\r\x1b[2K${line}` : `${line}\n`);
  }
}
