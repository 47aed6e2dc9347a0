// Real databases (bird_sql_dir, spider2_lite_dir) end to end: a local stack whose configs name
// folders of SQLite files laid out as BIRD and Spider 2.0-Lite ship them. Rows in NeMo Gym's shape
// that name them are graded by the real runner on the mounted file, which no model SQL changes; a
// row whose database is missing is refused by collect before any model call, with the command
// that loads it, and at /verify it is an infrastructure failure, never a reward.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { collect } from "../../../scripts/collect/collect.ts";
import { loadConfig } from "../../../scripts/plan/config.ts";
import { IMPLEMENTATIONS, ROOT } from "../../../scripts/plan/registry.ts";
import type { ResourcesDeclaration } from "../../../shared/declaration.ts";
import { bringUp } from "../../../scripts/stack/up.ts";
import type { RunningStack } from "../../../scripts/stack/up.ts";

const dir = mkdtempSync(join(tmpdir(), "edge-gym-real-databases-"));
const birdDir = join(dir, "bird");
const spiderDir = join(dir, "spider");
const california = join(birdDir, "california_schools", "california_schools.sqlite");

// The instances of the default config for each implementation (their names are NeMo Gym's).
const { instances } = loadConfig(undefined, []);
const resourcesOf = (implementation: string) => instances.find((i) => i.serverType === "resources_servers" && i.implementation === implementation)!.name;
const agentOf = (implementation: string) => instances.find((i) => i.serverType === "responses_api_agents" && (i.config.resources_server as { name: string }).name === resourcesOf(implementation))!.name;
const BIRD = resourcesOf("bird_sql");
const SPIDER = resourcesOf("spider2_lite");

function database(path: string, script: string): void {
  const db = new DatabaseSync(path);
  db.exec(script);
  db.close();
}
const FRPM = "CREATE TABLE frpm (CDSCode TEXT PRIMARY KEY, `County Name` TEXT, `Enrollment (K-12)` REAL, `Free Meal Count (K-12)` REAL); INSERT INTO frpm VALUES ('01', 'Alameda', 100, 50), ('02', 'Alameda', 200, 20), ('03', 'Fresno', 10, 9);";
const digest = (path: string) => createHash("sha256").update(readFileSync(path)).digest("hex");

let running: RunningStack;
beforeAll(async () => {
  mkdirSync(join(birdDir, "california_schools"), { recursive: true });
  database(california, FRPM);
  mkdirSync(spiderDir);
  database(join(spiderDir, "IPL.sqlite"), "CREATE TABLE player (player_id INTEGER PRIMARY KEY, player_name TEXT); INSERT INTO player VALUES (1, 'SC Ganguly'), (2, 'BB McCullum');");
  const folder = (instance: string, implementation: string, key: string, path: string) => `++${instance}.resources_servers.${implementation}.${key}=${path}`;
  running = await bringUp({ headPort: 0, only: [agentOf("bird_sql"), SPIDER], overrides: [folder(BIRD, "bird_sql", "bird_sql_dir", birdDir), folder(SPIDER, "spider2_lite", "spider2_lite_dir", spiderDir)] });
});
afterAll(async () => {
  await running?.stop();
});

const GOLD = "SELECT `Free Meal Count (K-12)` / `Enrollment (K-12)` FROM frpm WHERE `County Name` = 'Alameda' ORDER BY (CAST(`Free Meal Count (K-12)` AS REAL) / `Enrollment (K-12)`) DESC LIMIT 1";
const birdRow = (db_id: string) => ({
  responses_create_params: { input: [{ role: "user", content: "What is the highest eligible free rate for K-12 students in the schools in Alameda County?" }] },
  question: "What is the highest eligible free rate for K-12 students in the schools in Alameda County?",
  gt_sql: GOLD,
  difficulty: "simple",
  db_id,
  id: 0,
});
const block = (query: string) => `\`\`\`sql\n${query}\n\`\`\``;

async function verify(instance: string, row: Record<string, unknown>, text: string): Promise<{ status: number; body: Record<string, any> }> {
  const res = await fetch(`${running.stack.urls.get(instance)}/verify`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...row, response: { id: "r", output: [{ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] }] } }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

test("collect's check knows the databases each Worker ships: its declaration names every script in data/databases", () => {
  for (const implementation of ["bird_sql", "spider2_lite"]) {
    const declared = IMPLEMENTATIONS.find((i) => i.kind === "resources_servers" && i.name === implementation)!.declaration as ResourcesDeclaration;
    const scripts = readdirSync(join(ROOT, "workers/resources", implementation, "data/databases")).map((name) => name.replace(/\.sql$/, ""));
    expect([...declared.databases!.bundled].sort()).toEqual(scripts.sort());
  }
});

describe("graded on the mounted database", () => {
  test("BIRD's layout: the gold scores 1, a wrong answer 0", async () => {
    expect((await verify(BIRD, birdRow("california_schools"), block(GOLD))).body).toMatchObject({ reward: 1, failure_reason: "none" });
    expect((await verify(BIRD, birdRow("california_schools"), block("SELECT 0.9"))).body).toMatchObject({ reward: 0, failure_reason: "wrong_result" });
  });

  test("Spider 2.0-Lite's layout", async () => {
    const row = { responses_create_params: { input: [{ role: "user", content: "Players?" }] }, instance_id: "local001", db_id: "IPL", question: "Players?", gold_sql: "SELECT player_name FROM player", ignore_order: true, condition_cols: [] };
    expect((await verify(SPIDER, row, block("SELECT player_name FROM player ORDER BY player_id DESC"))).body).toMatchObject({ reward: 1, failure_reason: "none" });
  });

  test("no model SQL changes the shared database", async () => {
    const before = digest(california);
    const attempts = ["DELETE FROM frpm", "DROP TABLE frpm", "UPDATE frpm SET `Enrollment (K-12)` = 1", "PRAGMA journal_mode = WAL", "VACUUM", "VACUUM INTO '/sandbox/copy.sqlite'", `ATTACH '${california}' AS other`, "WITH x AS (SELECT 1) INSERT INTO frpm SELECT * FROM frpm"];
    const verdicts = await Promise.all(attempts.map((attempt) => verify(BIRD, birdRow("california_schools"), block(attempt))));
    for (const [i, { body }] of verdicts.entries()) {
      expect(body.reward, attempts[i]).toBe(0);
      expect(["not_read_only", "execution_error"], `${attempts[i]}: ${body.failure_reason}`).toContain(body.failure_reason);
    }
    expect(digest(california)).toBe(before);
    expect((await verify(BIRD, birdRow("california_schools"), block(GOLD))).body).toMatchObject({ reward: 1 });
  });
});

describe("a database that is not there", () => {
  test("/verify: an infrastructure failure naming the file, never a reward; a db_id that is not a name: 400 at db_id", async () => {
    const { body } = await verify(BIRD, birdRow("card_games"), block(GOLD));
    expect(body).toMatchObject({ _ng_failure_class: "sandbox_failed", error: { message: expect.stringContaining(`no card_games/card_games.sqlite in ${birdDir}`) } });
    expect(body).not.toHaveProperty("reward");
    for (const id of ["../bird/california_schools/california_schools", join(birdDir, "california_schools")]) {
      const escape = await verify(BIRD, birdRow(id), block(GOLD));
      expect(escape.status).toBe(400);
      expect(escape.body.error.issues.map((i: { path: string }) => i.path)).toEqual(["db_id"]);
    }
  });

  test("a file in the folder that is not a database: database_unavailable, never the model's execution_error", async () => {
    mkdirSync(join(birdDir, "broken"));
    writeFileSync(join(birdDir, "broken", "broken.sqlite"), "this is not a database, though it has the name of one");
    const { body } = await verify(BIRD, birdRow("broken"), block(GOLD));
    expect(body).toMatchObject({ _ng_failure_class: "database_unavailable", error: { message: expect.stringContaining("file is not a database") } });
    expect(body).not.toHaveProperty("reward");
  });

  test("collect refuses the row before any model call, naming the database, the row and the command that loads it", async () => {
    const input = join(dir, "rows.jsonl");
    writeFileSync(input, [birdRow("california_schools"), birdRow("card_games")].map((r) => JSON.stringify(r)).join("\n"));
    const output = join(dir, "out.jsonl");
    const options = { headUrl: running.stack.headUrl, input, output, agent: agentOf("bird_sql"), concurrency: 2, numRepeats: 1, rolloutTimeoutS: 60, progress: false };
    await expect(collect(options)).rejects.toThrow(
      `${input}:2: db_id: database "card_games" is not loaded (no card_games/card_games.sqlite in ${birdDir}); load it with: edge-gym databases import ${BIRD} card_games.sqlite (or set ${BIRD}.resources_servers.bird_sql.bird_sql_dir to a folder that has it)`,
    );
    expect(existsSync(output)).toBe(false);

    // Loaded, the same rows run.
    mkdirSync(join(birdDir, "card_games"));
    database(join(birdDir, "card_games", "card_games.sqlite"), FRPM);
    expect(await collect(options)).toMatchObject({ total: 2, failed: 0 });
  });
});
