// `edge-gym databases`: the real SQLite databases of the text-to-SQL environments (BIRD's,
// Spider 2.0-Lite's), which no Worker ships. An environment's config key (bird_sql_dir,
// spider2_lite_dir: NeMo Gym's names) names a folder of them; `import` copies the user's files into
// it in the environment's layout, `list` says what each environment has. The local sandbox mounts
// the file a row names read-only into its query's run (scripts/sandbox/databases.ts).
import { copyFileSync, chmodSync, existsSync, mkdirSync, openSync, readSync, closeSync, renameSync, statSync } from "node:fs";
import { basename, dirname, extname, join } from "node:path";
import { parseArgs } from "node:util";
import type { Instance } from "../../shared/config/instances.ts";
import type { ResourcesDeclaration } from "../../shared/declaration.ts";
import { DatabaseIdSchema } from "../../shared/sandbox/schema.ts";
import { DATABASE_FOLDER_KEYS, databaseFile } from "../../shared/sql/folders.ts";
import { loadConfig, resolveUserPath } from "../plan/config.ts";
import { IMPLEMENTATIONS } from "../plan/registry.ts";
import { databaseIds, folderOf } from "../sandbox/databases.ts";
import type { DatabaseFolder } from "../sandbox/databases.ts";
import { UsageError } from "./args.ts";

export const help =
  "databases import ENVIRONMENT FILE.sqlite... | databases list [ENVIRONMENT]  [--config a.yaml ...] [key=value ...]   " +
  "load real SQLite databases (BIRD, Spider 2.0-Lite) into the folder the environment's config names";

// Every SQLite 3 database file starts with these 16 bytes.
const SQLITE_HEADER = Buffer.from("SQLite format 3\0", "latin1");

interface Environment {
  instance: Instance;
  key: string;
  /** The folder the key names, resolved as the local stack resolves it. */
  folder: DatabaseFolder;
  bundled: readonly string[];
}

const declarationOf = (instance: Instance) =>
  IMPLEMENTATIONS.find((i) => i.kind === "resources_servers" && i.name === instance.implementation)?.declaration as ResourcesDeclaration | undefined;

/** The resources servers of the config that take databases: all, or the one named (by instance or implementation). */
function environments(instances: Instance[], name: string | undefined): Environment[] {
  const withDatabases = instances.filter((i) => i.serverType === "resources_servers" && declarationOf(i)?.databases);
  const picked = name === undefined ? withDatabases : withDatabases.filter((i) => i.name === name || i.implementation === name);
  if (picked.length === 0) {
    throw new UsageError(`no environment "${name}" with databases in the config (there are: ${withDatabases.map((i) => i.name).join(", ") || "none"})`);
  }
  if (name !== undefined && picked.length > 1) throw new UsageError(`"${name}" names several instances (${picked.map((i) => i.name).join(", ")}): name one`);
  return picked.map((instance) => {
    const { key, bundled } = declarationOf(instance)!.databases!;
    const value = instance.config[key];
    if (typeof value !== "string" || value === "") {
      throw new UsageError(`${instance.name} names no folder of databases: set ${instance.name}.resources_servers.${instance.implementation}.${key} (e.g. ++${instance.name}.resources_servers.${instance.implementation}.${key}=/path/to/databases)`);
    }
    return { instance, key, folder: folderOf(DATABASE_FOLDER_KEYS[key]!, resolveUserPath(value)), bundled };
  });
}

function isSqlite(path: string): boolean {
  const fd = openSync(path, "r");
  try {
    const head = Buffer.alloc(SQLITE_HEADER.length);
    return readSync(fd, head, 0, head.length, 0) === head.length && head.equals(SQLITE_HEADER);
  } finally {
    closeSync(fd);
  }
}

const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

/** Copies each file in as the database its name says (`california_schools.sqlite` -> california_schools). */
function importFiles(environment: Environment, files: string[]): void {
  if (files.length === 0) throw new UsageError("databases import needs at least one FILE.sqlite");
  // Every file is checked before any is copied: a typo does not leave half an import.
  const checked = files.map((file) => {
    if (!existsSync(file) || !statSync(file).isFile()) throw new UsageError(`${file}: no such file`);
    if (!isSqlite(file)) throw new UsageError(`${file}: not a SQLite database (no "SQLite format 3" header)`);
    const id = basename(file, extname(file));
    if (!DatabaseIdSchema.safeParse(id).success) throw new UsageError(`${file}: "${id}" cannot be a database name (1-128 of A-Z a-z 0-9 _ . -, starting with a letter or digit); rename the file to its db_id`);
    return { file, id };
  });
  for (const { file, id } of checked) {
    const target = join(environment.folder.dir, databaseFile(environment.folder, id));
    mkdirSync(dirname(target), { recursive: true });
    // Copied beside the target and renamed over it: a run never mounts a half-written file.
    const partial = `${target}.importing`;
    copyFileSync(file, partial);
    // The sandbox's runs are uids of their own: they read it as "others".
    chmodSync(partial, 0o644);
    renameSync(partial, target);
    console.log(`${environment.instance.name}: ${id} (${megabytes(statSync(target).size)}) -> ${target}`);
  }
}

function list(environment: Environment): void {
  const found = databaseIds(environment.folder);
  console.log(`${environment.instance.name} (${environment.key}: ${environment.folder.dir})`);
  console.log(`  bundled: ${environment.bundled.join(", ")}`);
  console.log(`  in the folder: ${found.length === 0 ? "none" : found.join(", ")}`);
}

export async function databases(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  let parsed;
  try {
    parsed = parseArgs({ args: rest, options: { config: { type: "string", multiple: true } }, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError(`${(err as Error).message}; usage: edge-gym ${help.replace(/\s{2,}.*$/, "")}`);
  }
  // The environment and the files are positionals, as are config overrides (key.path=value).
  const overrides = parsed.positionals.filter((a) => a.includes("=") && !existsSync(a));
  const positionals = parsed.positionals.filter((a) => !overrides.includes(a));
  const { instances } = loadConfig(parsed.values.config, overrides);
  if (command === "import") {
    const [name, ...files] = positionals;
    if (name === undefined) throw new UsageError("usage: edge-gym databases import ENVIRONMENT FILE.sqlite...");
    importFiles(environments(instances, name)[0]!, files);
    return 0;
  }
  if (command === "list") {
    if (positionals.length > 1) throw new UsageError(`unexpected argument "${positionals[1]}"`);
    for (const environment of environments(instances, positionals[0])) list(environment);
    return 0;
  }
  throw new UsageError(`usage: edge-gym ${help.replace(/\s{2,}.*$/, "")}`);
}
