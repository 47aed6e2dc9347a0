// The README's "Bundled environments" table lists exactly the environments on disk: the folders
// under workers/resources/ that hold a Worker (index.ts).
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { expect, test } from "vitest";

const ROOT = new URL("../", import.meta.url);
const RESOURCES = new URL("workers/resources/", ROOT);

/** The first column of the table under `## Bundled environments`, one backticked name per row. */
function tabledEnvironments(readme: string): string[] {
  const start = readme.indexOf("\n## Bundled environments\n");
  if (start === -1) throw new Error('README.md has no "## Bundled environments" section');
  const end = readme.indexOf("\n## ", start + 1);
  const section = readme.slice(start, end === -1 ? undefined : end);
  return [...section.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]!).sort();
}

const onDisk = readdirSync(RESOURCES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(new URL(`${entry.name}/index.ts`, RESOURCES)))
  .map((entry) => entry.name)
  .sort();

test("the README's environment table names every bundled environment and nothing else", () => {
  expect(onDisk.length).toBeGreaterThan(0);
  expect(tabledEnvironments(readFileSync(new URL("README.md", ROOT), "utf8"))).toEqual(onDisk);
});

test("the README's reasoning_gym table lists every family with its scorer kind, whether it generates, its levels and its deviations", async () => {
  const { FAMILIES } = await import("../workers/resources/reasoning_gym/families/index.ts");
  const { levelCount } = await import("../workers/resources/reasoning_gym/curriculum.ts");
  const readme = readFileSync(new URL("README.md", ROOT), "utf8");
  const start = readme.indexOf("\n## reasoning_gym's families\n");
  expect(start).toBeGreaterThan(-1);
  const section = readme.slice(start, readme.indexOf("\n## ", start + 1));
  const KIND = { default: "library's base scorer", own: "own rule", validity: "any valid solution" };
  const rows = [...section.matchAll(/^\| `([a-z0-9_]+)` \| (\w+) \| ([^|]+) \| (yes|no) \| ([\d-]+) \|$/gm)].map((m) => m.slice(1).join(" | "));
  const expected = [...FAMILIES.values()].map((f) => [f.name, f.category, KIND[f.scorer], f.generate ? "yes" : "no", String(levelCount(f.name) || "-")].join(" | "));
  expect(rows.sort()).toEqual(expected.sort());
  for (const family of FAMILIES.values()) for (const deviation of family.deviations ?? []) expect(section, family.name).toContain(deviation);
});
