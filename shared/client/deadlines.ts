// Deadlines of a sequence of calls (a rollout's hops) kept with one timer, not one timer and one
// AbortController per call: the timer is armed for the earliest deadline still pending and, when it
// fires, fails every call past its own. A rollout's calls follow one another, each due later than
// the last, so the timer armed by its first call usually serves them all.
export class Deadlines {
  readonly #pending = new Set<{ at: number; expire(): void }>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #armedFor = Infinity;

  /** `work`, or `expired()`'s error once `ms` have passed without it settling. */
  race<T>(work: Promise<T>, ms: number, expired: () => Error): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const entry = { at: Date.now() + ms, expire: () => reject(expired()) };
      this.#pending.add(entry);
      this.#arm(entry.at);
      work.then(
        (value) => {
          this.#pending.delete(entry);
          resolve(value);
        },
        (err: unknown) => {
          this.#pending.delete(entry);
          reject(err);
        },
      );
    });
  }

  /** Stops the timer: nothing is pending any more (the rollout is over). */
  dispose(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#armedFor = Infinity;
  }

  #arm(at: number): void {
    if (at >= this.#armedFor) return;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#armedFor = at;
    this.#timer = setTimeout(() => this.#fire(), Math.max(0, at - Date.now()));
  }

  #fire(): void {
    this.#armedFor = Infinity;
    const now = Date.now();
    let next = Infinity;
    for (const entry of this.#pending) {
      if (entry.at <= now) {
        this.#pending.delete(entry);
        entry.expire();
      } else {
        next = Math.min(next, entry.at);
      }
    }
    if (next !== Infinity) this.#arm(next);
  }
}
