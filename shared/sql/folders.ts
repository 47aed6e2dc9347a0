// Real databases (BIRD's, Spider 2.0's: up to hundreds of MB) are not shipped with a Worker: a
// config key names a folder of SQLite files on the machine that runs the sandbox, as NeMo Gym's
// configs name their download folders, with NeMo's key names and layouts. The sandbox is started
// with these folders (scripts/sandbox/databases.ts) and mounts one file read-only into a run;
// the Worker names the folder by the key's value and the database by the row's db_id.
import { z } from "../zod.ts";

export interface FolderLayout {
  /** Where NeMo Gym's setup script puts the databases inside the folder the key names; used when it exists. */
  download: string;
  /** A database `id` is `<id>/<id>.sqlite` (BIRD's dev_databases) rather than `<id>.sqlite` (Spider 2.0-Lite's sqlite/). */
  nested: boolean;
}

/** Config key -> the layout of the folder it names. */
export const DATABASE_FOLDER_KEYS: Readonly<Record<string, FolderLayout>> = {
  bird_sql_dir: { download: "dev_20240627/dev_databases", nested: true },
  spider2_lite_dir: { download: "sqlite", nested: false },
};

/** The config field of a folder key: optional, as a server may run on its bundled databases alone. */
export const folderKey = () => z.string().min(1).optional();

/** Where a database `id` goes in a folder laid out as `layout` (relative to the folder). */
export const databaseFile = (layout: Pick<FolderLayout, "nested">, id: string) => (layout.nested ? `${id}/${id}.sqlite` : `${id}.sqlite`);

/** The command that loads databases, for messages. */
export const importCommand = (environment: string, id: string) => `edge-gym databases import ${environment} ${id}.sqlite`;
