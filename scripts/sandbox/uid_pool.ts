// Each concurrent run gets its own host uid: RLIMIT_NPROC counts the processes of a real uid, so a
// fork bomb is contained to its own run only if no other run (and not root) shares that uid.

export const UID_BASE = 61_000;

export class UidPool {
  private readonly free: number[];
  private readonly waiting: Array<(uid: number) => void> = [];

  constructor(size: number, base = UID_BASE) {
    this.free = Array.from({ length: size }, (_, i) => base + i);
  }

  acquire(): Promise<number> {
    const uid = this.free.pop();
    if (uid !== undefined) return Promise.resolve(uid);
    return new Promise((resolve) => this.waiting.push(resolve));
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
