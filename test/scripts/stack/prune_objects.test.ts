// Pruning a persisted stack's Durable Object files removes only databases that hold nothing (one
// page, the schema's, and no log), never one with a table or with pages still in its log, nor the
// namespace's metadata.
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { pruneEmptyObjects } from "../../../scripts/stack/prune_objects.ts";

/** A SQLite file of `pages` pages of 4096 bytes, as far as its header and size say. */
function database(path: string, pages: number): void {
  const bytes = Buffer.alloc(4096 * pages);
  bytes.write("SQLite format 3\0", 0, "latin1");
  bytes.writeUInt16BE(4096, 16);
  writeFileSync(path, bytes);
}

test("only the files of objects that hold nothing go", () => {
  const persist = mkdtempSync(join(tmpdir(), "edge-gym-prune-"));
  const dir = join(persist, "do", "worker-SessionDO");
  mkdirSync(dir, { recursive: true });
  const at = (name: string) => join(dir, name);
  database(at("released.sqlite"), 1);
  writeFileSync(at("released.sqlite-shm"), "");
  writeFileSync(at("never-written.sqlite"), "");
  database(at("with-table.sqlite"), 2);
  database(at("logged.sqlite"), 1);
  writeFileSync(at("logged.sqlite-wal"), Buffer.alloc(8272));
  database(at("metadata.sqlite"), 1);

  expect(pruneEmptyObjects(persist)).toBe(2);
  const left = ["released.sqlite", "released.sqlite-shm", "never-written.sqlite", "with-table.sqlite", "logged.sqlite", "logged.sqlite-wal", "metadata.sqlite"].filter((name) => existsSync(at(name)));
  expect(left).toEqual(["with-table.sqlite", "logged.sqlite", "logged.sqlite-wal", "metadata.sqlite"]);
  // A directory that has no Durable Objects (a stack never started on it) is nothing to prune.
  expect(pruneEmptyObjects(mkdtempSync(join(tmpdir(), "edge-gym-prune-")))).toBe(0);
});
