// The import rules of the layout (.dependency-cruiser.cjs), checked by dependency-cruiser over the
// whole tree, type-only imports included: no cycle, no wrong-way import. And the rules themselves
// catch what they forbid: a copy of the layout with deliberate wrong-way imports fails them.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, test } from "vitest";
import { ROOT } from "../scripts/plan/registry.ts";

const CLI = join(ROOT, "node_modules/dependency-cruiser/bin/dependency-cruiser.mjs");
const CODE = ["shared", "durable_objects", "workers", "gpu_gateway", "scripts"];

interface Result {
  summary: { violations: Array<{ from: string; to: string; rule: { name: string } }>; totalCruised: number };
}

function cruise(cwd: string, config: string): Result {
  const run = spawnSync(process.execPath, [CLI, "--config", config, "--output-type", "json", ...CODE], { cwd, encoding: "utf8", maxBuffer: 64 << 20 });
  expect(run.stdout, run.stderr).not.toBe("");
  return JSON.parse(run.stdout) as Result;
}

const violations = (r: Result) => r.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);

describe("dependencies point one way", () => {
  test("the tree has no cycle and no wrong-way import", () => {
    const result = cruise(ROOT, join(ROOT, ".dependency-cruiser.cjs"));
    expect(violations(result)).toEqual([]);
    // It read the tree, not an empty selection.
    expect(result.summary.totalCruised).toBeGreaterThan(200);
  });

  test("each rule catches a deliberate break of it", () => {
    const root = mkdtempSync(join(tmpdir(), "edge-gym-deps-"));
    const files: Record<string, string> = {
      "shared/a.ts": 'import type { B } from "../durable_objects/b.ts";\nexport type A = B;\n',
      "durable_objects/b.ts": 'import { c } from "../workers/models/m/index.ts";\nexport type B = typeof c;\n',
      "workers/models/m/index.ts": 'import { d } from "../../resources/r/index.ts";\nexport const c = d;\n',
      "workers/resources/r/index.ts": 'import { e } from "../../../scripts/stack/up.ts";\nexport const d = e;\n',
      "scripts/stack/up.ts": 'import { f } from "../deploy/deploy.ts";\nexport const e = f;\n',
      "scripts/deploy/deploy.ts": 'import { g } from "../cli/start.ts";\nexport const f = g;\n',
      "scripts/cli/start.ts": 'import { h } from "../profile/x.ts";\nexport const g = h;\n',
      "scripts/profile/x.ts": 'import { i } from "./y.ts";\nexport const h = i;\n',
      "scripts/profile/y.ts": 'import { h } from "./x.ts";\nexport const i = () => h;\n',
      "gpu_gateway/worker/index.ts": "export const j = 1;\n",
      "tsconfig.json": '{ "compilerOptions": { "allowImportingTsExtensions": true, "noEmit": true } }\n',
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    const names = new Set(cruise(root, join(ROOT, ".dependency-cruiser.cjs")).summary.violations.map((v) => v.rule.name));
    expect([...names].sort()).toEqual([
      "durable-objects-import-only-shared",
      "no-cycles",
      "nothing-imports-scripts-but-scripts-and-tests",
      "script-core-never-imports-the-command-layer",
      "shared-imports-only-shared",
      "stack-and-deploy-are-independent",
      "workers-never-import-each-other",
      "workers-never-import-scripts-or-tests",
    ]);
  });
});
