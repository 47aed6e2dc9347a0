// Locally, workerd keeps a SQLite file for every Durable Object it has ever started, even one that
// stores nothing or has deleted everything: a one-page database (4 KiB), one file per released
// session or expired rollout. Deployed, such an object takes no storage. A persisted stack removes
// those files whenever no workerd has them open (before it starts, after it stops), so its
// storage directory holds only objects that still store something.
import { closeSync, existsSync, openSync, readSync, readdirSync, rmSync, statSync } from "node:fs";
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
  const wal = `${path}-wal`;
  if (existsSync(wal) && statSync(wal).size > 0) return false;
  const size = statSync(path).size;
  return size === 0 || size === sqlitePageSize(path);
}

/** Removes the files of the Durable Objects under `persistPath` that hold nothing; returns how many. */
export function pruneEmptyObjects(persistPath: string): number {
  const root = join(persistPath, DO_DIR);
  if (!existsSync(root)) return 0;
  let pruned = 0;
  for (const namespace of readdirSync(root, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    const dir = join(root, namespace.name);
    for (const name of readdirSync(dir).filter((n) => n.endsWith(".sqlite") && n !== METADATA)) {
      const path = join(dir, name);
      if (!holdsNothing(path)) continue;
      for (const file of [path, `${path}-wal`, `${path}-shm`]) rmSync(file, { force: true });
      pruned++;
    }
  }
  return pruned;
}
