// Each concurrent run gets its own host uid: RLIMIT_NPROC counts the processes of a real uid, so a
// fork bomb is contained to its own run only if no other run (and not root) shares that uid.

export const UID_BASE = 61_000;

export class UidPool {
  private readonly size: number;
  private readonly free: number[];
  private readonly waiting: Array<(uid: number) => void> = [];

  constructor(size: number, base = UID_BASE) {
    this.size = size;
    this.free = Array.from({ length: size }, (_, i) => base + i);
  }

  /** Uids held, and callers waiting for one. */
  get load(): { running: number; waiting: number } {
    return { running: this.size - this.free.length, waiting: this.waiting.length };
  }

  /** A free uid, once there is one; rejects with `signal`'s reason if it aborts first (nothing held). */
  acquire(signal?: AbortSignal): Promise<number> {
    const uid = this.free.pop();
    if (uid !== undefined) return Promise.resolve(uid);
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const give = (uid: number) => {
        signal?.removeEventListener("abort", abort);
        resolve(uid);
      };
      const abort = () => {
        this.waiting.splice(this.waiting.indexOf(give), 1);
        reject(signal!.reason);
      };
      signal?.addEventListener("abort", abort, { once: true });
      this.waiting.push(give);
    });
  }

  /** A free uid now, or undefined when all are taken. */
  tryAcquire(): number | undefined {
    return this.free.pop();
  }

  release(uid: number): void {
    const next = this.waiting.shift();
    if (next) next(uid);
    else this.free.push(uid);
  }
}
