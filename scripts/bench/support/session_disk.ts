// What a persisted local stack keeps on disk for one Worker's SessionDO namespace:
// <persist>/do/<worker>-SessionDO/<id>.sqlite (with -wal and -shm beside an open one). workerd
// keeps a file for every object it ever started, so the count alone says how many sessions ran;
// a session still holding state is a file with a table in it, told apart as
// scripts/stack/prune_objects.ts does (more than its one schema page, or a non-empty WAL).
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { sqlitePageSize } from "../../stack/prune_objects.ts";

export interface SessionDisk {
  /** Object databases (the namespace's metadata.sqlite left out). */
  files: number;
  /** Their bytes, with their -wal and -shm files. */
  bytes: number;
  /** Databases that still hold something. */
  holding: number;
  /** The bytes of those, with their -wal and -shm files. */
  holdingBytes: number;
}

const sizeOf = (path: string) => {
  try {
    return statSync(path).size;
  } catch {
    return 0; // removed between the listing and now (an object closing)
  }
};

export function sessionDisk(persistPath: string, worker: string): SessionDisk {
  const dir = join(persistPath, "do", `${worker}-SessionDO`);
  const out: SessionDisk = { files: 0, bytes: 0, holding: 0, holdingBytes: 0 };
  if (!existsSync(dir)) return out;
  // Only the names listed are stat'd (a closed object has no -wal or -shm): a long run leaves tens
  // of thousands of files, read every few seconds by the process that also runs the collection.
  const names = new Set(readdirSync(dir));
  // One workerd writes them all with the same page size: read from the first header, once.
  let page: number | undefined;
  for (const name of [...names].filter((n) => n.endsWith(".sqlite") && n !== "metadata.sqlite")) {
    const path = join(dir, name);
    const size = sizeOf(path);
    const wal = names.has(`${name}-wal`) ? sizeOf(`${path}-wal`) : 0;
    const bytes = size + wal + (names.has(`${name}-shm`) ? sizeOf(`${path}-shm`) : 0);
    out.files++;
    out.bytes += bytes;
    if (size > 0) page ??= sqlitePageSize(path);
    if (wal > 0 || (size > 0 && size !== page)) {
      out.holding++;
      out.holdingBytes += bytes;
    }
  }
  return out;
}
