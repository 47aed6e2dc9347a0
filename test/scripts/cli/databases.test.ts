// `edge-gym databases import|list`: the user's SQLite files copied into the folder the
// environment's config key names, in its layout (BIRD's <id>/<id>.sqlite, Spider 2.0-Lite's
// <id>.sqlite), readable by the sandbox's runs; anything else refused before a file is copied.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { databases } from "../../../scripts/cli/databases.ts";
import { loadConfig } from "../../../scripts/plan/config.ts";

const dir = mkdtempSync(join(tmpdir(), "edge-gym-databases-cli-"));
const { instances } = loadConfig(undefined, []);
const instanceOf = (implementation: string) => instances.find((i) => i.serverType === "resources_servers" && i.implementation === implementation)!.name;
const BIRD = instanceOf("bird_sql");
const SPIDER = instanceOf("spider2_lite");

let printed: string[];
beforeEach(() => {
  printed = [];
  vi.spyOn(console, "log").mockImplementation((line: string) => void printed.push(line));
});
afterEach(() => vi.restoreAllMocks());

function sqlite(path: string): string {
  const db = new DatabaseSync(path);
  db.exec("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1);");
  db.close();
  // The user's own file may be private: the copy must not be.
  chmodSync(path, 0o600);
  return path;
}

test("import: BIRD's and Spider 2.0-Lite's layouts, readable by the runs; list shows them", async () => {
  const source = join(dir, "downloads");
  mkdirSync(join(source, "california_schools"), { recursive: true });
  const california = sqlite(join(source, "california_schools", "california_schools.sqlite"));
  const ipl = sqlite(join(source, "IPL.sqlite"));
  const bird = join(dir, "bird");
  const spider = join(dir, "spider");
  const birdKey = `++${BIRD}.resources_servers.bird_sql.bird_sql_dir=${bird}`;
  const spiderKey = `++${SPIDER}.resources_servers.spider2_lite.spider2_lite_dir=${spider}`;

  expect(await databases(["import", BIRD, california, birdKey])).toBe(0);
  // The implementation's name works as well as the instance's.
  expect(await databases(["import", "spider2_lite", ipl, spiderKey])).toBe(0);
  const copies = [join(bird, "california_schools", "california_schools.sqlite"), join(spider, "IPL.sqlite")];
  for (const copy of copies) {
    expect(readFileSync(copy)).toEqual(readFileSync(california));
    expect(statSync(copy).mode & 0o777).toBe(0o644);
  }
  expect(printed[0]).toBe(`${BIRD}: california_schools (0.0 MB) -> ${copies[0]}`);

  printed = [];
  expect(await databases(["list", birdKey, spiderKey])).toBe(0);
  expect(printed).toEqual(expect.arrayContaining([`  in the folder: california_schools`, `  in the folder: IPL`]));
});

test("import into NeMo Gym's download folder goes where NeMo's setup put the others", async () => {
  const nemo = join(dir, "nemo");
  mkdirSync(join(nemo, "dev_20240627", "dev_databases"), { recursive: true });
  const file = sqlite(join(dir, "card_games.sqlite"));
  expect(await databases(["import", BIRD, file, `++${BIRD}.resources_servers.bird_sql.bird_sql_dir=${nemo}`])).toBe(0);
  expect(existsSync(join(nemo, "dev_20240627", "dev_databases", "card_games", "card_games.sqlite"))).toBe(true);
});

test("refused before anything is copied: not SQLite, a name that is not a database name, no such file, no folder key", async () => {
  const target = join(dir, "refused");
  const key = `++${BIRD}.resources_servers.bird_sql.bird_sql_dir=${target}`;
  const good = sqlite(join(dir, "good.sqlite"));
  const text = join(dir, "notes.sqlite");
  writeFileSync(text, "CREATE TABLE t (x);");
  await expect(databases(["import", BIRD, good, text, key])).rejects.toThrow(`${text}: not a SQLite database`);
  const dotted = sqlite(join(dir, ".hidden.sqlite"));
  await expect(databases(["import", BIRD, dotted, key])).rejects.toThrow(/cannot be a database name/);
  await expect(databases(["import", BIRD, join(dir, "absent.sqlite"), key])).rejects.toThrow(/no such file/);
  expect(existsSync(target)).toBe(false);
  await expect(databases(["import", BIRD, good, `++${BIRD}.resources_servers.bird_sql.bird_sql_dir=null`])).rejects.toThrow(`set ${BIRD}.resources_servers.bird_sql.bird_sql_dir`);
  await expect(databases(["import", "string_match", good])).rejects.toThrow(/no environment "string_match" with databases/);
});
