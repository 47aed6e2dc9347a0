// The folders of SQLite databases a sandbox serves (shared/sql/folders.ts), and the lookup of one
// database in them. A run names a folder by its label and a database by its id; whatever the id
// says, the file found is a regular file inside the folder (no "..", no absolute path, no symlink
// leading out), readable by the runs' uids, and the run gets it mounted read-only (isolation.ts).
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { join, sep } from "node:path";
import { DatabaseIdSchema } from "../../shared/sandbox/schema.ts";
import { DATABASE_FOLDER_KEYS, databaseFile } from "../../shared/sql/folders.ts";
import type { FolderLayout } from "../../shared/sql/folders.ts";
import { z } from "../../shared/zod.ts";

/** A folder of databases: where its databases are (an absolute path), and how they are laid out. */
const DatabaseFolderSchema = z.strictObject({ dir: z.string().startsWith("/"), nested: z.boolean() });
export type DatabaseFolder = z.infer<typeof DatabaseFolderSchema>;

/** Label (the config value that names the folder) -> the folder: what main.ts's --database-folders carries. */
const DatabaseFoldersSchema = z.record(z.string().min(1), DatabaseFolderSchema);
export type DatabaseFolders = ReadonlyMap<string, DatabaseFolder>;

/** The database is not there (or not usable): nothing ran. */
export class DatabaseMissing extends Error {}

/** The folder a config key's value names: NeMo Gym's download layout inside it when present, else the folder itself. */
export function folderOf(layout: FolderLayout, dir: string): DatabaseFolder {
  const download = join(dir, layout.download);
  return { dir: existsSync(download) ? download : dir, nested: layout.nested };
}

/**
 * Database `id` of `folder`: its real path. Throws DatabaseMissing, saying why, when the id is
 * not a database name, when no such file is in the folder, or when the one there is unusable.
 */
export function findDatabase(folder: DatabaseFolder, id: string): string {
  if (!DatabaseIdSchema.safeParse(id).success) throw new DatabaseMissing(`${JSON.stringify(id)} is not a database name`);
  const relative = databaseFile(folder, id);
  let root;
  let file;
  try {
    root = realpathSync(folder.dir);
    file = realpathSync(join(root, relative));
  } catch {
    throw new DatabaseMissing(`no ${relative} in ${folder.dir}`);
  }
  // A symlink inside the folder may point anywhere: what counts is where the file really is.
  if (!file.startsWith(root + sep)) throw new DatabaseMissing(`${relative} in ${folder.dir} leads out of the folder (to ${file})`);
  const stat = statSync(file);
  if (!stat.isFile()) throw new DatabaseMissing(`${relative} in ${folder.dir} is not a file`);
  // Runs are uids of their own: only what everyone may read can be mounted for them.
  if ((stat.mode & 0o004) === 0) throw new DatabaseMissing(`${file} is not readable by the sandbox's runs (chmod a+r it)`);
  return file;
}

/** The databases a folder holds, by its layout: the ids findDatabase finds. */
export function databaseIds(folder: DatabaseFolder): string[] {
  if (!existsSync(folder.dir)) return [];
  const entries = readdirSync(folder.dir);
  const ids = folder.nested ? entries : entries.filter((name) => name.endsWith(".sqlite")).map((name) => name.slice(0, -".sqlite".length));
  const found = (id: string) => {
    try {
      return findDatabase(folder, id) !== undefined;
    } catch {
      return false;
    }
  };
  return ids.filter(found).sort();
}

/** The folders named by these instance configs' folder keys (relative paths resolved by `resolve`). */
export function foldersOf(configs: readonly unknown[], resolve: (path: string) => string): Map<string, DatabaseFolder> {
  const folders = new Map<string, DatabaseFolder>();
  for (const config of configs) {
    if (config === null || typeof config !== "object") continue;
    for (const [key, layout] of Object.entries(DATABASE_FOLDER_KEYS)) {
      const value = (config as Record<string, unknown>)[key];
      if (typeof value === "string" && value !== "") folders.set(value, folderOf(layout, resolve(value)));
    }
  }
  return folders;
}

/** The sandbox's command-line flag that carries the folders (main.ts): their JSON, or `@FILE` holding it. */
export const FOLDERS_FLAG = "--database-folders";

/** The folders a FOLDERS_FLAG value gives; throws when it is not their JSON. */
export function parseFolders(value: string): Map<string, DatabaseFolder> {
  const text = value.startsWith("@") ? readFileSync(value.slice(1), "utf8") : value;
  return new Map(Object.entries(DatabaseFoldersSchema.parse(JSON.parse(text))));
}

export const foldersArgs = (folders: DatabaseFolders): string[] => (folders.size === 0 ? [] : [FOLDERS_FLAG, JSON.stringify(Object.fromEntries(folders))]);
