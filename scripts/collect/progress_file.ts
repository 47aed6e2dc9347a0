// The progress file of NeMo Gym's `--progress-file` (its PR #2638): one plain integer, the rollouts
// finished so far (failed ones too, and a resumed run's earlier ones), for an orchestrator to poll
// without parsing logs. By default `<output stem>_progress` beside the output, so shards writing
// into one directory each have their own (a reader sums them). Each update replaces the file by
// rename, so a reader never sees a torn number; updates that come while one is being written
// collapse into the latest. Publishing is best effort: a failed write is reported once and never
// stops the run.
import { rename, writeFile } from "node:fs/promises";
import { siblingPath } from "./jsonl.ts";

export const progressPathFor = (output: string): string => siblingPath(output, "progress");

export class ProgressFile {
  readonly path: string;
  readonly #log: (line: string) => void;
  #latest = 0;
  #written = -1;
  #writing: Promise<void> | undefined;
  #warned = false;

  constructor(path: string, log: (line: string) => void) {
    this.path = path;
    this.#log = log;
  }

  /** Sets the count; the file follows as soon as the write before it is done. */
  update(done: number): void {
    this.#latest = done;
    this.#writing ??= this.#drain();
  }

  /** Resolves once the file holds the latest count. */
  async flush(): Promise<void> {
    while (this.#writing) await this.#writing;
  }

  async #drain(): Promise<void> {
    while (this.#written !== this.#latest) {
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
    }
    this.#writing = undefined;
  }
}
