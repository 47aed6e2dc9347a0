// Real databases on a deployment: the Cloudflare sandbox's image (workers/sandboxes/
// cloudflare_sandbox/Dockerfile) carries the folders the configs of its users name (bird_sql_dir,
// ...), staged here into its build context, and its server is started with them (folders.json,
// keyed by the same config values the Workers send), so a deployed query finds its database as a
// local one does. An image is what Cloudflare Containers run: no volume can be mounted into one.
import { copyFileSync, linkSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { databaseFile } from "../../shared/sql/folders.ts";
import { CLOUDFLARE_SANDBOX_URL } from "../../shared/sandbox/target.ts";
import { resolveUserPath } from "../plan/config.ts";
import { placeholders } from "../plan/placeholders.ts";
import type { WorkerSpec } from "../plan/plan.ts";
import { ROOT } from "../plan/registry.ts";
import { SANDBOX_SCHEME } from "../../shared/sandbox/client.ts";
import { databaseIds, findDatabase, foldersOf } from "../sandbox/databases.ts";
import type { DatabaseFolder } from "../sandbox/databases.ts";

/** Where the image's build context (the project root) gets them; the Dockerfile copies it to IMAGE_DIR. */
export const STAGED_DIR = join(ROOT, ".edge-gym", "sandbox_databases");
const IMAGE_DIR = "/app/databases";

/** The same file under a second name: a hard link where it can be, else a copy. */
function place(file: string, target: string): void {
  mkdirSync(dirname(target), { recursive: true });
  try {
    linkSync(file, target);
  } catch {
    copyFileSync(file, target);
  }
}

/**
 * Stages every database of the folders named by the instances that run code in the Cloudflare
 * sandbox, and the image's folders.json. Always writes folders.json (`{}` when there are none):
 * the image copies the folder whatever it holds.
 */
export function stageDatabases(specs: readonly WorkerSpec[], log: (line: string) => void, staged = STAGED_DIR): void {
  rmSync(staged, { recursive: true, force: true });
  mkdirSync(staged, { recursive: true });
  const users = specs.filter((s) => placeholders([s.vars.INSTANCE_CONFIG], SANDBOX_SCHEME).includes(CLOUDFLARE_SANDBOX_URL));
  const folders = foldersOf(users.map((s) => s.vars.INSTANCE_CONFIG), (path) => resolveUserPath(path));
  const inImage: Record<string, DatabaseFolder> = {};
  for (const [i, [label, folder]] of [...folders].entries()) {
    const ids = databaseIds(folder);
    for (const id of ids) place(findDatabase(folder, id), join(staged, String(i), databaseFile(folder, id)));
    inImage[label] = { dir: `${IMAGE_DIR}/${i}`, nested: folder.nested };
    log(`the Cloudflare sandbox's image carries ${ids.length} database(s) of ${label} (${folder.dir})${ids.length ? `: ${ids.join(", ")}` : ""}`);
  }
  writeFileSync(join(staged, "folders.json"), JSON.stringify(inImage));
}
