// The open sessions of the sandbox, by the caller's session id. Each holds its own uid (so its
// process limit is its own) for as long as it is open; when every uid is taken, opening one more
// is refused (503, the sandbox is full: an infrastructure failure, not the program's). A session
// is released by DELETE, by `idle_ttl_s` without a cell, or when its interpreter has ended (the
// next cell for that id then opens a fresh one).
import type { CellRequest, CellResult, OpenSession } from "../../shared/sandbox/schema.ts";
import type { RunGroups } from "./cgroup.ts";
import type { Python } from "./python.ts";
import { PythonSession } from "./session.ts";
import type { UidPool } from "./uid_pool.ts";

interface Entry {
  session: PythonSession;
  uid: number;
  idleTtlMs: number;
  idle?: ReturnType<typeof setTimeout>;
}

/** The sandbox cannot open another session now. */
export class SessionsFull extends Error {}

export class Sessions {
  private readonly open = new Map<string, Entry>();
  private readonly opening = new Map<string, Promise<Entry>>();
  private readonly python: Python;
  private readonly uids: UidPool;
  private readonly capacity: number;
  private readonly groups: RunGroups | undefined;
  private readonly patience: number;

  constructor(python: Python, uids: UidPool, capacity: number, groups: RunGroups | undefined, patience: number) {
    this.groups = groups;
    this.patience = patience;
    this.python = python;
    this.uids = uids;
    this.capacity = capacity;
  }

  get size(): number {
    return this.open.size;
  }

  /** Opens session `id` unless it is open; `created` says which. */
  async ensure(id: string, settings: OpenSession): Promise<{ created: boolean }> {
    const existing = this.live(id);
    if (existing) return { created: false };
    await this.start(id, settings);
    return { created: true };
  }

  async cell(id: string, request: CellRequest): Promise<CellResult> {
    const entry = this.live(id) ?? (await this.start(id, request));
    clearTimeout(entry.idle);
    try {
      return await entry.session.run(request.code);
    } finally {
      this.arm(id, entry);
    }
  }

  close(id: string): boolean {
    const entry = this.open.get(id);
    if (!entry) return false;
    this.open.delete(id);
    clearTimeout(entry.idle);
    entry.session.close();
    this.uids.release(entry.uid);
    return true;
  }

  closeAll(): void {
    for (const id of [...this.open.keys()]) this.close(id);
  }

  /** The open entry for `id`, dropping one whose interpreter has ended. */
  private live(id: string): Entry | undefined {
    const entry = this.open.get(id);
    if (entry && !entry.session.alive) {
      this.close(id);
      return undefined;
    }
    return entry;
  }

  // Two first cells of one id at once must share one interpreter.
  private start(id: string, settings: OpenSession): Promise<Entry> {
    const pending = this.opening.get(id);
    if (pending) return pending;
    const started = this.spawn(id, settings).finally(() => this.opening.delete(id));
    this.opening.set(id, started);
    return started;
  }

  private async spawn(id: string, settings: OpenSession): Promise<Entry> {
    const uid = this.uids.tryAcquire();
    if (uid === undefined) throw new SessionsFull(`the sandbox has its ${this.capacity} sessions open; close one or raise --max-sessions`);
    let session;
    try {
      session = await PythonSession.open(this.python, uid, settings.limits, this.groups, this.patience);
    } catch (err) {
      this.uids.release(uid);
      throw err;
    }
    const entry: Entry = { session, uid, idleTtlMs: settings.idle_ttl_s * 1000 };
    this.open.set(id, entry);
    this.arm(id, entry);
    return entry;
  }

  private arm(id: string, entry: Entry): void {
    clearTimeout(entry.idle);
    entry.idle = setTimeout(() => {
      if (this.open.get(id) === entry) this.close(id);
    }, entry.idleTtlMs);
    entry.idle.unref();
  }
}
