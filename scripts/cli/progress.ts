// A live progress line for long runs: redrawn in place on a terminal, a plain line every few
// seconds otherwise (CI logs), always to stderr so stdout stays clean for results.
export interface ProgressState {
  done: number;
  total: number;
  failed: number;
  rewardSum: number;
}

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
    const { done, total, failed, rewardSum } = this.#state;
    const seconds = (performance.now() - this.#started) / 1000;
    const rate = seconds > 0 ? done / seconds : 0;
    const width = 24;
    const filled = total ? Math.round((done / total) * width) : 0;
    const bar = "#".repeat(filled) + "-".repeat(width - filled);
    const succeeded = done - failed;
    const mean = succeeded > 0 ? (rewardSum / succeeded).toFixed(3) : "-";
    const eta = rate > 0 ? `${Math.ceil((total - done) / rate)}s` : "?";
    const line = `${this.#label} [${bar}] ${done}/${total} ${rate.toFixed(1)} rollouts/s eta ${eta} mean reward ${mean} failed ${failed}`;
    process.stderr.write(this.#tty ? `\r\x1b[2K${line}` : `${line}\n`);
  }
}
