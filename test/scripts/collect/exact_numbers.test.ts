// The collector keeps a row's numbers as the row writes them (integers past 2^53, floats with a
// whole value): in the materialized inputs, in the /run body, and in the results it writes.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { JsonlWriter, readJsonl } from "../../../scripts/collect/jsonl.ts";
import { materialize } from "../../../scripts/collect/materialize.ts";
import { runRollout } from "../../../scripts/collect/rollout.ts";
import { RunRequest } from "../../../shared/schemas/run.ts";

const dir = mkdtempSync(join(tmpdir(), "edge-gym-exact-"));
const FIELDS = '"verifier_metadata":{"base_inputs":[[12345678901234567891,2.0]],"base_outputs":[-0.0,9007199254740993]}';

// An agent written in Python answers as Python writes: the row echoed, the reward 1.0.
const bodies: string[] = [];
const agent = createServer((req, res) => {
  let body = "";
  req.on("data", (chunk) => (body += chunk));
  req.on("end", () => {
    bodies.push(body);
    res.setHeader("content-type", "application/json");
    res.end(`${body.slice(0, -1)}, "reward": 1.0}`);
  });
});
let url: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => agent.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(agent.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => agent.close(resolve)));

test("the materialized row, the /run body and the result written keep the row's numbers; the reward is read as a number", async () => {
  const input = join(dir, "rows.jsonl");
  writeFileSync(input, `{"responses_create_params":{"input":"add","temperature":1.0},${FIELDS},"agent_ref":{"name":"a"}}\n`);
  const output = join(dir, "materialized.jsonl");
  const materialized = await materialize({ input, output, numRepeats: 1, overrides: {} });
  await materialized.commit(new Set(["a"]), new Map([["a", RunRequest]]));
  const line = readFileSync(output, "utf8");
  expect(line).toContain('"temperature":1.0');
  expect(line).toContain(FIELDS);

  let row: unknown;
  for await (const { value } of readJsonl(output, { exact: true })) row = value;
  const outcome = await runRollout({ name: "a", url }, row, { deadlineMs: 10_000, maxAttempts: 1, stopped: () => false });
  expect(bodies[0]).toContain(FIELDS);
  expect(outcome).toMatchObject({ result: { reward: 1 } });
  const results = join(dir, "results.jsonl");
  const out = await JsonlWriter.open(results, "truncate");
  await out.write((outcome as { result: unknown }).result);
  await out.close();
  expect(readFileSync(results, "utf8")).toContain(FIELDS);
});
