// --policy of eval and start: which emulator arguments it becomes, and the one-line errors that
// stop a run before any server starts.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { describe, expect, test } from "vitest";
import { UsageError } from "../../../scripts/cli/args.ts";
import { policyEmulatorArgs } from "../../../scripts/cli/policy.ts";

const dir = mkdtempSync(join(tmpdir(), "edge-gym-policy-"));
const good = join(dir, "rollouts.jsonl");
writeFileSync(good, JSON.stringify({ responses_create_params: { input: "hi" }, response: { output: [] }, reward: 1 }) + "\n");
const bad = join(dir, "rows.jsonl");
writeFileSync(bad, JSON.stringify({ responses_create_params: { input: "hi" } }) + "\n");

describe("--policy", () => {
  test("the skills (the default) add no emulator argument; replay:FILE passes the file's absolute path", () => {
    expect(policyEmulatorArgs(undefined)).toBeUndefined();
    expect(policyEmulatorArgs("skills")).toBeUndefined();
    expect(policyEmulatorArgs(`replay:${relative(process.cwd(), good)}`)).toEqual(["--replay", good]);
  });

  test.each([
    ["replay", /expects skills or replay:FILE/],
    ["replay:", /expects skills or replay:FILE/],
    ["model", /expects skills or replay:FILE/],
    [`replay:${join(dir, "missing.jsonl")}`, /no such file/],
    // Example rows instead of rollouts: said before the stack starts, with the line.
    [`replay:${bad}`, /rows\.jsonl line 1: no response\.output to replay/],
  ])("%s is refused", (value, message) => {
    expect(() => policyEmulatorArgs(value)).toThrow(UsageError);
    expect(() => policyEmulatorArgs(value)).toThrow(message);
  });
});
