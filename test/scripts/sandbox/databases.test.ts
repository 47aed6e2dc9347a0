// Folders of real databases in the local sandbox (scripts/sandbox/databases.ts): a run names a
// database by its folder's label and its id, and gets that one file mounted read-only. Whatever the
// id says, nothing outside the folder is found; nothing a run does changes the file.
import { createHash } from "node:crypto";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DatabaseMissing, findDatabase, folderOf, foldersOf } from "../../../scripts/sandbox/databases.ts";
import { startSandbox } from "../../../scripts/sandbox/server.ts";
import type { SandboxServer } from "../../../scripts/sandbox/server.ts";
import { DATABASE_FOLDER_KEYS } from "../../../shared/sql/folders.ts";

const dir = mkdtempSync(join(tmpdir(), "edge-gym-databases-"));
const bird = join(dir, "bird");
const spider = join(dir, "spider");
const outside = join(dir, "outside");

function database(path: string, rows: number): void {
  const db = new DatabaseSync(path);
  db.exec("CREATE TABLE schools (id INTEGER PRIMARY KEY, name TEXT)");
  for (let i = 1; i <= rows; i++) db.exec(`INSERT INTO schools (name) VALUES ('school ${i}')`);
  db.close();
}

const digest = (path: string) => createHash("sha256").update(readFileSync(path)).digest("hex");

beforeAll(() => {
  // BIRD's layout (<id>/<id>.sqlite) and Spider 2.0-Lite's (<id>.sqlite).
  mkdirSync(join(bird, "california_schools"), { recursive: true });
  database(join(bird, "california_schools", "california_schools.sqlite"), 3);
  mkdirSync(spider);
  database(join(spider, "IPL.sqlite"), 2);
  mkdirSync(outside);
  database(join(outside, "secret.sqlite"), 1);
  // Symlinks that lead out of the folder: a database file, and a database's directory.
  symlinkSync(join(outside, "secret.sqlite"), join(spider, "escape.sqlite"));
  mkdirSync(join(outside, "nested"));
  database(join(outside, "nested", "nested.sqlite"), 1);
  symlinkSync(join(outside, "nested"), join(bird, "nested"));
  // A symlink that stays inside is a database like any other.
  symlinkSync(join(spider, "IPL.sqlite"), join(spider, "IPL_alias.sqlite"));
  database(join(spider, "private.sqlite"), 1);
  chmodSync(join(spider, "private.sqlite"), 0o600);
  mkdirSync(join(spider, "folder.sqlite"));
});

const birdFolder = () => folderOf(DATABASE_FOLDER_KEYS.bird_sql_dir!, bird);
const spiderFolder = () => folderOf(DATABASE_FOLDER_KEYS.spider2_lite_dir!, spider);

describe("finding a database in its folder", () => {
  test("BIRD's and Spider 2.0-Lite's layouts", () => {
    expect(findDatabase(birdFolder(), "california_schools")).toBe(join(bird, "california_schools", "california_schools.sqlite"));
    expect(findDatabase(spiderFolder(), "IPL")).toBe(join(spider, "IPL.sqlite"));
    expect(findDatabase(spiderFolder(), "IPL_alias")).toBe(join(spider, "IPL.sqlite"));
  });

  test("NeMo Gym's download folder: the databases inside it", () => {
    const nemo = join(dir, "nemo_bird");
    mkdirSync(join(nemo, "dev_20240627", "dev_databases", "card_games"), { recursive: true });
    database(join(nemo, "dev_20240627", "dev_databases", "card_games", "card_games.sqlite"), 1);
    expect(findDatabase(folderOf(DATABASE_FOLDER_KEYS.bird_sql_dir!, nemo), "card_games")).toMatch(/dev_databases\/card_games\/card_games\.sqlite$/);
    expect(foldersOf([{ bird_sql_dir: "nemo_bird", other: 1 }, { spider2_lite_dir: spider }, null], (p) => join(dir, p)).get("nemo_bird")).toEqual({ dir: join(nemo, "dev_20240627", "dev_databases"), nested: true });
  });

  const names = ["../outside/secret", "..", ".", "/etc/passwd", `${outside}/secret`, "a/../../outside/secret", "california_schools/../../outside/secret", "..\\outside", "IPL\0", "", "-rf", ".hidden"];
  test.each(names)("a name that is not a database name never leaves the folder: %j", (id) => {
    expect(() => findDatabase(birdFolder(), id)).toThrow(DatabaseMissing);
    expect(() => findDatabase(spiderFolder(), id)).toThrow(DatabaseMissing);
  });

  test("a symlink that leads out of the folder is refused, file or directory", () => {
    expect(() => findDatabase(spiderFolder(), "escape")).toThrow(/leads out of the folder/);
    expect(() => findDatabase(birdFolder(), "nested")).toThrow(/leads out of the folder/);
  });

  test("missing, not a file, or unreadable by the runs", () => {
    expect(() => findDatabase(spiderFolder(), "Pagila")).toThrow(`no Pagila.sqlite in ${spider}`);
    expect(() => findDatabase(spiderFolder(), "folder")).toThrow(/is not a file/);
    expect(() => findDatabase(spiderFolder(), "private")).toThrow(/chmod a\+r/);
    expect(() => findDatabase(folderOf(DATABASE_FOLDER_KEYS.spider2_lite_dir!, join(dir, "absent")), "IPL")).toThrow(DatabaseMissing);
  });
});

describe("a run with a database", () => {
  let sandbox: SandboxServer;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, databases: new Map([["bird_dir", birdFolder()], ["spider_dir", spiderFolder()]]) });
  });
  afterAll(() => sandbox?.close());

  async function post(body: object): Promise<{ status: number; json: any }> {
    const res = await fetch(`${sandbox.url}/run`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    return { status: res.status, json: await res.json() };
  }
  const py = (code: string, database?: object) => post({ language: "python", files: { "main.py": code }, ...(database ? { database } : {}) });

  test("the database is mounted read-only, and nothing the run does changes it", async () => {
    const file = join(bird, "california_schools", "california_schools.sqlite");
    const before = digest(file);
    const code = `import os, sqlite3
print(sqlite3.connect("file:/db/database.sqlite?mode=ro&immutable=1", uri=True).execute("SELECT count(*) FROM schools").fetchone()[0])
for attempt in (
    lambda: open("/db/database.sqlite", "r+b").write(b"x"),
    lambda: os.remove("/db/database.sqlite"),
    lambda: os.rename("/db/database.sqlite", "/sandbox/moved"),
    lambda: open("/db/database.sqlite-journal", "w"),
    lambda: os.chmod("/db/database.sqlite", 0o777),
):
    try:
        attempt()
        print("changed")
    except OSError as err:
        print("refused", err.errno)
db = sqlite3.connect("/db/database.sqlite")
try:
    db.execute("DELETE FROM schools")
    db.commit()
    print("deleted")
except sqlite3.Error as err:
    print("refused", err)
`;
    const { status, json } = await py(code, { folder: "bird_dir", id: "california_schools" });
    expect(status, JSON.stringify(json)).toBe(200);
    const lines = json.stdout.trim().split("\n");
    expect(lines[0]).toBe("3");
    expect(lines.slice(1).every((line: string) => line.startsWith("refused")), json.stdout + json.stderr).toBe(true);
    expect(digest(file)).toBe(before);
  });

  test("the host's folder is not there: only the one file", async () => {
    const { json } = await py(`import os\nprint(sorted(os.listdir("/db")))`, { folder: "spider_dir", id: "IPL" });
    expect(json.stdout.trim()).toBe("['database.sqlite']");
  });

  test("a database that is not there, a folder the sandbox does not have, a bad name: refused, nothing runs", async () => {
    const missing = await py("print('ran')", { folder: "spider_dir", id: "Pagila" });
    expect(missing).toMatchObject({ status: 404, json: { error: `no Pagila.sqlite in ${spider}` } });
    const escape = await py("print('ran')", { folder: "spider_dir", id: "escape" });
    expect(escape.status).toBe(404);
    const unknown = await py("print('ran')", { folder: spider, id: "IPL" });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toMatch(/no folder of databases/);
    for (const id of ["../outside/secret", "/etc/passwd"]) {
      const bad = await py("print('ran')", { folder: "spider_dir", id });
      expect(bad.status).toBe(400);
      expect(bad.json.issues[0].path).toBe("database.id");
    }
  });
});
