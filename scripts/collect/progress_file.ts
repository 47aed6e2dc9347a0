// The progress file of NeMo Gym's `--progress-file` (its PR #2638): one plain integer, the rollouts
// finished so far (failed ones too, and a resumed run's earlier ones), for an orchestrator to poll
// without parsing logs. By default `<output stem>_progress` beside the output, so shards writing
// into one directory each have their own (a reader sums them). Each update replaces the file by
// rename, so a reader never sees a torn number; updates collapse into the latest, written at most
// every INTERVAL_MS (a write and a rename per rollout cost the collector a fifth of its CPU) and
// at once by flush(). Publishing is best effort: a failed write is reported once and never stops
// the run.
import { rename, writeFile } from "node:fs/promises";
import { siblingPath } from "./jsonl.ts";

export const progressPathFor = (output: string): string => siblingPath(output, "progress");

/** The least time between two writes of the file: an orchestrator polls it, a rollout need not wait. */
export const INTERVAL_MS = 500;

export class ProgressFile {
  readonly path: string;
  readonly #log: (line: string) => void;
  #latest = 0;
  #written = -1;
  #writing: Promise<void> | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #warned = false;

  constructor(path: string, log: (line: string) => void) {
    this.path = path;
    this.#log = log;
  }

  /** Sets the count: the first at once, later ones once INTERVAL_MS has passed since the last write. */
  update(done: number): void {
    this.#latest = done;
    if (this.#writing || this.#timer) return;
    if (this.#written === -1) this.#writing = this.#write();
    else {
      this.#timer = setTimeout(() => {
        this.#timer = undefined;
        this.#writing ??= this.#write();
      }, INTERVAL_MS);
      this.#timer.unref();
    }
  }

  /** Resolves once the file holds the latest count. */
  async flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    while (this.#writing) await this.#writing;
    if (this.#written !== this.#latest) await (this.#writing = this.#write());
  }

  async #write(): Promise<void> {
    const value = this.#latest;
    const partial = `${this.path}.partial`;
    try {
      await writeFile(partial, `${value}\n`);
      await rename(partial, this.path);
    } catch (err) {
      if (!this.#warned) this.#log(`edge-gym: could not write the progress file ${this.path}: ${(err as Error).message} (the run goes on)`);
      this.#warned = true;
    }
    this.#written = value;
    this.#writing = undefined;
    // What came while it was written waits for the next turn.
    if (this.#latest !== value) this.update(this.#latest);
  }
}
