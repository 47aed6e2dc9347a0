// Prompt files a config names by path reach the Worker inlined in its config: found as NeMo Gym
// finds them (working directory, its server folder there), else ours of the same name.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { ConfigError } from "../../../shared/config/errors.ts";
import { resourcesServer } from "../../../shared/declaration.ts";
import { InlinedFiles } from "../../../shared/judge/files.ts";
import { ResourcesServerConfig } from "../../../shared/schemas/config.ts";
import { z } from "../../../shared/zod.ts";
import { withPromptFiles } from "../../../scripts/plan/prompt_files.ts";
import type { Implementation } from "../../../scripts/plan/registry.ts";

const ours = mkdtempSync(join(tmpdir(), "edge-gym-ours-"));
mkdirSync(join(ours, "prompts"));
writeFileSync(join(ours, "prompts", "judge.yaml"), "user: |-\n  Ours: {question}\n");
writeFileSync(join(ours, "prompts", "plain.txt"), "Plain {question}");

const implementation: Implementation = {
  name: "quizzer",
  kind: "resources_servers",
  dir: ours,
  entry: join(ours, "index.ts"),
  declaration: resourcesServer({
    task: z.object({}),
    config: ResourcesServerConfig.safeExtend({ ...InlinedFiles, judge_prompt_path: z.string().default("prompts/judge.yaml"), judge_prompt_paths: z.record(z.string(), z.string()).default({}) }),
    promptFiles: ["judge_prompt_path", "judge_prompt_paths"],
  }),
};

const cwd = process.cwd();
afterEach(() => process.chdir(cwd));

describe("withPromptFiles", () => {
  test("the default path: our own prompt, YAML parsed", () => {
    expect(withPromptFiles({}, implementation, "quizzer").inlined_files).toEqual({ "prompts/judge.yaml": { user: "Ours: {question}" } });
  });

  test("NeMo's path in a NeMo checkout is read there; outside one, ours of the same name; a mapping's every path; text as text", () => {
    const nemo = mkdtempSync(join(tmpdir(), "edge-gym-nemo-"));
    mkdirSync(join(nemo, "resources_servers", "quizzer", "prompts"), { recursive: true });
    writeFileSync(join(nemo, "resources_servers", "quizzer", "prompts", "judge.yaml"), "user: NeMo's {question}\n");
    const config = { judge_prompt_path: "resources_servers/quizzer/prompts/judge.yaml", judge_prompt_paths: { a: "prompts/plain.txt" } };
    process.chdir(nemo);
    expect(withPromptFiles(config, implementation, "quizzer").inlined_files).toEqual({ "resources_servers/quizzer/prompts/judge.yaml": { user: "NeMo's {question}" }, "prompts/plain.txt": "Plain {question}" });
    process.chdir(tmpdir());
    expect(withPromptFiles(config, implementation, "quizzer").inlined_files).toMatchObject({ "resources_servers/quizzer/prompts/judge.yaml": { user: "Ours: {question}" } });
  });

  test("a file found nowhere, or not YAML, is a config error naming the key", () => {
    expect(() => withPromptFiles({ judge_prompt_path: "prompts/missing.yaml" }, implementation, "quizzer")).toThrow(ConfigError);
    expect(() => withPromptFiles({ judge_prompt_path: "prompts/missing.yaml" }, implementation, "quizzer")).toThrow(/quizzer\.judge_prompt_path: prompt file prompts\/missing\.yaml not found/);
    writeFileSync(join(ours, "prompts", "bad.yaml"), "user: [unclosed\n");
    expect(() => withPromptFiles({ judge_prompt_path: "prompts/bad.yaml" }, implementation, "quizzer")).toThrow(/not valid YAML/);
  });

  test("an implementation that declares no prompt files is left as it is", () => {
    const plain = { ...implementation, declaration: resourcesServer({ task: z.object({}) }) };
    expect(withPromptFiles({ a: 1 }, plain, "x")).toEqual({ a: 1 });
  });
});
