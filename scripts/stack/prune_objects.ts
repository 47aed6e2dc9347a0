// Locally, workerd keeps a SQLite file for every Durable Object it has ever started, even one that
// stores nothing or has deleted everything: a one-page database (4 KiB), one file per released
// session or expired rollout. Deployed, such an object takes no storage. A persisted stack removes
// those files before it starts and after it stops, and while it runs those no workerd holds open
// (a released session's instance ends at once, closing its file), so its storage directory holds
// only objects that still store something, or still run.
import { closeSync, existsSync, openSync, readSync, readdirSync, realpathSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";

/** Where Miniflare puts Durable Objects under a persistence path: do/<worker>-<class>/<id>.sqlite. */
const DO_DIR = "do";
// The namespace's own bookkeeping, not an object.
const METADATA = "metadata.sqlite";

/** SQLite's page size, from the database header (bytes 16-17; 1 stands for 65536); 0 when unreadable. */
export function sqlitePageSize(path: string): number {
  const header = Buffer.alloc(18);
  try {
    const fd = openSync(path, "r");
    try {
      if (readSync(fd, header, 0, 18, 0) < 18) return 0;
    } finally {
      closeSync(fd);
    }
  } catch {
    // removed between a listing and now (an object closing)
    return 0;
  }
  const size = header.readUInt16BE(16);
  return size === 1 ? 65536 : size;
}

/**
 * True for a database that holds nothing: empty, or its one page the schema table's root, so it
 * has no table (each has a page of its own); and no write-ahead log holds pages not yet in it.
 */
function holdsNothing(path: string): boolean {
  try {
    const wal = `${path}-wal`;
    if (existsSync(wal) && statSync(wal).size > 0) return false;
    const size = statSync(path).size;
    return size === 0 || size === sqlitePageSize(path);
  } catch {
    return false; // removed meanwhile
  }
}

/**
 * Removes the files of the Durable Objects under `persistPath` that hold nothing; returns how many.
 * With `openFiles`, a workerd may be running: files it has open are left alone. The files are
 * listed before the open ones are read, so a file created in between is not considered; one whose
 * object starts again between that reading and its removal held nothing when removed.
 */
export function pruneEmptyObjects(persistPath: string, openFiles?: () => ReadonlySet<string>): number {
  const root = join(persistPath, DO_DIR);
  if (!existsSync(root)) return 0;
  const real = realpathSync(root);
  const candidates = readdirSync(real, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((namespace) => readdirSync(join(real, namespace.name)).filter((n) => n.endsWith(".sqlite") && n !== METADATA).map((n) => join(real, namespace.name, n)));
  const open = openFiles?.() ?? new Set<string>();
  let pruned = 0;
  for (const path of candidates) {
    if (open.has(path) || !holdsNothing(path)) continue;
    for (const file of [path, `${path}-wal`, `${path}-shm`]) rmSync(file, { force: true });
    pruned++;
  }
  return pruned;
}
