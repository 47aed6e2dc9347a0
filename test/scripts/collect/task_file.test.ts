// Rows that name their task by id in a file the user keeps (evalplus's task_id, looked up in
// EvalPlus's HumanEval+ / MBPP+ release): collect completes them from the file the resources
// instance's config names, read gzipped or not, and otherwise says exactly what to set.
import { createServer } from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, expect, test } from "vitest";
import { stringify } from "yaml";
import { publishedConfig, rowCompleters } from "../../../scripts/collect/task_check.ts";
import { findImplementation } from "../../../scripts/plan/registry.ts";
import type { ResourcesDeclaration } from "../../../shared/declaration.ts";

const dir = mkdtempSync(join(tmpdir(), "edge-gym-task-file-"));
const evalplus = findImplementation("resources_servers", "evalplus").declaration as ResourcesDeclaration;
let config: Record<string, unknown> = {};
let head: Server;
let headUrl: string;

// A head that publishes `config`, as /global_config_dict_yaml does (YAML text, as a JSON string).
beforeAll(async () => {
  head = createServer((_req, res) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(stringify(config))));
  await new Promise<void>((resolve) => head.listen(0, "127.0.0.1", resolve));
  headUrl = `http://127.0.0.1:${(head.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => head.close(() => resolve())));

const configNaming = (file: string | null) => ({
  humaneval: { resources_servers: { evalplus: { domain: "coding", dataset_fpath: file } } },
  humaneval_agent: { responses_api_agents: { simple_agent: { resources_server: { type: "resources_servers", name: "humaneval" } } } },
});
const row = (verifier_metadata: object) => ({ responses_create_params: { input: "Complete add." }, verifier_metadata });
const TASK = { task_id: "HumanEval/0", prompt: "def add(a, b):\n", entry_point: "add", canonical_solution: "    return a + b\n", base_input: [[1, 2]], plus_input: [[-3, -4]], atol: 0 };

async function completer(file: string | null) {
  config = configNaming(file);
  return rowCompleters(await publishedConfig(headUrl, undefined), new Map([["humaneval_agent", evalplus]])).get("humaneval_agent")!;
}

test("a task_id-only row is completed from the file (gzipped), its numbers exact; complete rows pass untouched", async () => {
  const file = join(dir, "HumanEvalPlus.jsonl.gz");
  // EvalPlus writes its numbers as Python does: an int past 2^53 stays exact.
  writeFileSync(file, gzipSync(`${JSON.stringify({ ...TASK, plus_input: "BIG" }).replace('"BIG"', "[[12345678901234567891, 1]]")}\n`));
  const complete = await completer(file);
  const done = complete(row({ task_id: "HumanEval/0" }));
  expect(done.verifier_metadata).toMatchObject({ task_id: "HumanEval/0", entry_point: "add", prompt: TASK.prompt, canonical_solution: TASK.canonical_solution, base_inputs: [[1, 2]], atol: 0 });
  expect(JSON.stringify(done)).toContain('"plus_inputs":[[12345678901234567891,1]]');
  const inline = row({ entry_point: "add", base_inputs: [[1, 2]], base_outputs: [3] });
  expect(complete(inline)).toBe(inline);
  expect(() => complete(row({ task_id: "HumanEval/1" }))).toThrow(`task "HumanEval/1" is not in the dataset file (humaneval.resources_servers.evalplus.dataset_fpath: ${file})`);
});

test("a plain .jsonl works too", async () => {
  const file = join(dir, "HumanEvalPlus.jsonl");
  writeFileSync(file, `${JSON.stringify(TASK)}\n`);
  expect((await completer(file))(row({ task_id: "HumanEval/0" })).verifier_metadata).toMatchObject({ entry_point: "add" });
});

test("with no file named, the row is refused saying where to get one and which key to set", async () => {
  const complete = await completer(null);
  expect(() => complete(row({ task_id: "HumanEval/0" }))).toThrow(
    'the row names task "HumanEval/0", to be looked up in a dataset file, and the config names none: get EvalPlus\'s releases: HumanEvalPlus.jsonl.gz from https://github.com/evalplus/humanevalplus_release/releases, MbppPlus.jsonl.gz from https://github.com/evalplus/mbppplus_release/releases; then set humaneval.resources_servers.evalplus.dataset_fpath to its path (e.g. ++humaneval.resources_servers.evalplus.dataset_fpath=/path/to/the/file)',
  );
  // A row that carries its tests needs no file.
  expect(complete(row({ entry_point: "add", base_inputs: [[1, 2]], base_outputs: [3] }))).toMatchObject({ verifier_metadata: { entry_point: "add" } });
});
