// Bounds on whole rollouts, for agents whose rollouts are driven by something they do not control
// (remote_agent's external service): at most so many at once in this isolate, the rest waiting
// their turn, and a deadline on each rollout that starts when its turn comes, not when it queued.
import { HttpError } from "../server/errors.ts";

/** First come, first served slots. */
export class Semaphore {
  #free: number;
  readonly #waiting: (() => void)[] = [];

  constructor(slots: number) {
    this.#free = slots;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#free > 0) this.#free--;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    try {
      return await task();
    } finally {
      // A waiting task takes the slot over; only with none waiting does it become free.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#free++;
    }
  }
}

/**
 * `work(signal)`, failed with a 504 `deadline_exceeded` once `ms` pass. The signal aborts then (and
 * when the work settles), so work that checks it stops rather than running on for nobody.
 */
export async function withinDeadline<T>(ms: number, what: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const abandon = new AbortController();
  let timer!: ReturnType<typeof setTimeout>;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HttpError(504, "deadline_exceeded", `${what} took longer than ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([work(abandon.signal), deadline]);
  } finally {
    clearTimeout(timer);
    abandon.abort();
  }
}
