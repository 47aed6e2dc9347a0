// Request latencies of one endpoint over its most recent requests, for p50/p99 on the admin page.
// A fixed ring: memory stays flat however long the gateway runs.
const WINDOW = 1024;

export class LatencyWindow {
  readonly #samples = new Float64Array(WINDOW);
  #count = 0;

  record(ms: number): void {
    this.#samples[this.#count % WINDOW] = ms;
    this.#count++;
  }

  /** Nearest-rank percentiles in ms, or null before the first sample. */
  percentiles(): { p50: number; p99: number } | null {
    const n = Math.min(this.#count, WINDOW);
    if (n === 0) return null;
    const sorted = this.#samples.slice(0, n).sort();
    const at = (p: number) => sorted[Math.min(n - 1, Math.ceil((p / 100) * n) - 1)]!;
    return { p50: at(50), p99: at(99) };
  }
}
