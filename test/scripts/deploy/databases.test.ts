// Real databases on a deployment (scripts/deploy/databases.ts): the folders named by the instances
// that run code in the Cloudflare sandbox are staged into its image's build context, with the
// folders.json its server is started with, keyed by the config values the Workers send.
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { expect, test } from "vitest";
import { STAGED_DIR, stageDatabases } from "../../../scripts/deploy/databases.ts";
import type { WorkerSpec } from "../../../scripts/plan/plan.ts";
import { ROOT } from "../../../scripts/plan/registry.ts";
import { findDatabase, parseFolders } from "../../../scripts/sandbox/databases.ts";

const dir = mkdtempSync(join(tmpdir(), "edge-gym-deploy-databases-"));
const spec = (config: Record<string, unknown>) => ({ vars: { INSTANCE_CONFIG: config } }) as unknown as WorkerSpec;
const SQLITE = "SQLite format 3\0";

test("the image gets the databases of the deployed sandbox's users, and the folders.json that finds them", () => {
  const bird = join(dir, "bird");
  mkdirSync(join(bird, "california_schools"), { recursive: true });
  writeFileSync(join(bird, "california_schools", "california_schools.sqlite"), SQLITE);
  const spider = join(dir, "spider");
  mkdirSync(spider);
  writeFileSync(join(spider, "IPL.sqlite"), SQLITE);
  const staged = join(dir, "staged");
  const lines: string[] = [];
  const specs = [spec({ sandbox_url: "sandbox://cloudflare", bird_sql_dir: bird }), spec({ sandbox_url: "http://elsewhere", spider2_lite_dir: spider }), spec({ sandbox_url: "sandbox://cloudflare" })];
  stageDatabases(specs, (line) => lines.push(line), staged);

  // Only the folder of an instance whose code runs in the Cloudflare sandbox.
  expect(JSON.parse(readFileSync(join(staged, "folders.json"), "utf8"))).toEqual({ [bird]: { dir: "/app/databases/0", nested: true } });
  expect(readFileSync(join(staged, "0", "california_schools", "california_schools.sqlite"), "utf8")).toBe(SQLITE);
  expect(lines).toEqual([`the Cloudflare sandbox's image carries 1 database(s) of ${bird} (${bird}): california_schools`]);
  // As the image's server reads it, with the image's folder where the staging put it.
  const folders = parseFolders(`@${join(staged, "folders.json")}`);
  const inImage = folders.get(bird)!;
  expect(findDatabase({ ...inImage, dir: join(staged, relative("/app/databases", inImage.dir)) }, "california_schools")).toBe(realpathSync(join(staged, "0", "california_schools", "california_schools.sqlite")));

  // Staged again without users, nothing is left of the last staging but an empty folders.json.
  stageDatabases([], () => {}, staged);
  expect(readFileSync(join(staged, "folders.json"), "utf8")).toBe("{}");
  expect(() => readFileSync(join(staged, "0", "california_schools", "california_schools.sqlite"))).toThrow();
});

test("the Dockerfile copies the staging folder where folders.json says, and starts the server with it", () => {
  const dockerfile = readFileSync(join(ROOT, "workers/sandboxes/cloudflare_sandbox/Dockerfile"), "utf8");
  expect(dockerfile).toMatch(new RegExp(`^COPY ${relative(ROOT, STAGED_DIR)}/ /app/databases/$`, "m"));
  const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]!) as string[];
  expect(cmd[cmd.indexOf("--database-folders") + 1]).toBe("@/app/databases/folders.json");
});
