// `edge-gym env test NAME` picks one environment's test files: its resources server's and its emulator skill's.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { environmentTests } from "../../../scripts/cli/env_test.ts";
import { UsageError } from "../../../scripts/cli/args.ts";

test("a server's files, folder and skill test, never those of a server whose name extends it", () => {
  const root = mkdtempSync(join(tmpdir(), "edge-gym-env-test-"));
  const files = ["math.test.ts", "math.node.test.ts", "math_hard_cases.test.ts", "math_code.test.ts", "math_code_more.test.ts", "other.test.ts", "math/sub.test.ts", "math_code/a.test.ts"];
  for (const f of files) {
    mkdirSync(join(root, "test/workers/resources", f, ".."), { recursive: true });
    writeFileSync(join(root, "test/workers/resources", f), "");
  }
  mkdirSync(join(root, "test/gpu_gateway/emulator/skills"), { recursive: true });
  writeFileSync(join(root, "test/gpu_gateway/emulator/skills/math.test.ts"), "");
  const names = ["math", "math_code", "other"];
  expect(environmentTests("math", root, names)).toEqual([
    "test/gpu_gateway/emulator/skills/math.test.ts",
    "test/workers/resources/math",
    "test/workers/resources/math.node.test.ts",
    "test/workers/resources/math.test.ts",
    "test/workers/resources/math_hard_cases.test.ts",
  ]);
  expect(environmentTests("math_code", root, names)).toEqual(["test/workers/resources/math_code", "test/workers/resources/math_code.test.ts", "test/workers/resources/math_code_more.test.ts"]);
  expect(() => environmentTests("maths", root, names)).toThrow(UsageError);
});

test("the bundled blackjack's tests include its server's and its emulator skill's", () => {
  expect(environmentTests("blackjack")).toEqual(expect.arrayContaining(["test/workers/resources/blackjack.test.ts", "test/gpu_gateway/emulator/skills/blackjack.test.ts"]));
});
