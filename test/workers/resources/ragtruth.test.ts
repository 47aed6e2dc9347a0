import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/ragtruth/index.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";

const row = {
  responses_create_params: { input: [{ role: "user", content: "Below is a question:\nWho painted it?\n\nBelow is an answer:\nVan Gogh.\n\nList the hallucinated spans." }] },
  task_type: "QA",
  is_halu: true,
};

const message = (text: string) => ({ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] });

async function verify(text: string, fields: Record<string, unknown> = {}, instanceConfig?: Record<string, unknown>) {
  const env = serverEnv("ragtruth", instanceConfig ? { INSTANCE_CONFIG: instanceConfig } : {});
  const res = await client(server, env).post("/verify", { ...row, ...fields, response: { id: "r1", output: [message(text)] } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

// Every field as NeMo Gym's ragtruth (07d6b0d) computes it on the same reply and label.
const CASES: { name: string; reply: string; is_halu: boolean; fields: Record<string, unknown> }[] = [
  {"name": "a non-empty list is a hallucination verdict", "reply": "{\"hallucination list\": [\"van Gogh\"]}", "is_halu": true, "fields": {"reward": 1.0, "is_halu": 1, "pred_halu": 1, "parse_fail": 0, "extracted": "[\"van Gogh\"]"}},
  {"name": "an empty list says there is none", "reply": "{\"hallucination list\": []}", "is_halu": true, "fields": {"reward": 0.0, "is_halu": 1, "pred_halu": 0, "parse_fail": 0, "extracted": "[]"}},
  {"name": "a think block is removed", "reply": "<think>maybe {\"hallucination list\": [\"x\"]}</think>\n{\"hallucination list\": []}", "is_halu": false, "fields": {"reward": 1.0, "is_halu": 0, "pred_halu": 0, "parse_fail": 0, "extracted": "[]"}},
  {"name": "the tag matches in any case", "reply": "<THINK>hmm</Think>{\"hallucination list\": [\"a\"]}", "is_halu": true, "fields": {"reward": 1.0, "is_halu": 1, "pred_halu": 1, "parse_fail": 0, "extracted": "[\"a\"]"}},
  {"name": "everything up to a stray closing tag goes", "reply": "reasoning with no opening tag</think>\n\n{\"hallucination list\": [\"a\", 1.5, null]}", "is_halu": true, "fields": {"reward": 1.0, "is_halu": 1, "pred_halu": 1, "parse_fail": 0, "extracted": "[\"a\", 1.5, null]"}},
  {"name": "a stray opening tag goes on its own", "reply": "<think>{\"hallucination list\": []}", "is_halu": false, "fields": {"reward": 1.0, "is_halu": 0, "pred_halu": 0, "parse_fail": 0, "extracted": "[]"}},
  {"name": "a fenced reply is peeled", "reply": "```json\n{\"hallucination list\": [\"é\"]}\n```", "is_halu": true, "fields": {"reward": 1.0, "is_halu": 1, "pred_halu": 1, "parse_fail": 0, "extracted": "[\"é\"]"}},
  {"name": "the first fenced block, any case of json", "reply": "Here it is:\n```JSON\n{\"hallucination list\": [\"b\"]}\n``` done", "is_halu": true, "fields": {"reward": 1.0, "is_halu": 1, "pred_halu": 1, "parse_fail": 0, "extracted": "[\"b\"]"}},
  {"name": "an empty fence is a parse failure", "reply": "```\n\n```", "is_halu": true, "fields": {"reward": 0.0, "is_halu": 1, "pred_halu": 0, "parse_fail": 1, "extracted": ""}},
  {"name": "prose around the JSON fails to parse", "reply": "Sure! {\"hallucination list\": [\"a\"]}", "is_halu": true, "fields": {"reward": 0.0, "is_halu": 1, "pred_halu": 0, "parse_fail": 1, "extracted": ""}},
  {"name": "a JSON array is not an object", "reply": "[\"a\"]", "is_halu": true, "fields": {"reward": 0.0, "is_halu": 1, "pred_halu": 0, "parse_fail": 1, "extracted": ""}},
  {"name": "a list that is not a list", "reply": "{\"hallucination list\": \"a\"}", "is_halu": true, "fields": {"reward": 0.0, "is_halu": 1, "pred_halu": 0, "parse_fail": 0, "extracted": ""}},
  {"name": "extracted is Python's json.dumps", "reply": "{\"hallucination list\": [{\"span\": \"x\", \"type\": \"conflict\"}]}", "is_halu": true, "fields": {"reward": 1.0, "is_halu": 1, "pred_halu": 1, "parse_fail": 0, "extracted": "[{\"span\": \"x\", \"type\": \"conflict\"}]"}},
  {"name": "an empty reply", "reply": "", "is_halu": false, "fields": {"reward": 1.0, "is_halu": 0, "pred_halu": 0, "parse_fail": 1, "extracted": ""}},
];

describe("ragtruth: parsing and the verdict", () => {
  test.each(CASES)("$name", async ({ reply, is_halu, fields }) => {
    expect(await verify(reply, { is_halu })).toMatchObject({ ...fields, task_type: "QA" });
  });

  test("think_tag names another reasoning tag; <think> is then left in place", async () => {
    const reply = '<reasoning>{"hallucination list": ["x"]}</reasoning>{"hallucination list": []}';
    expect(await verify(reply, {}, { think_tag: "reasoning" })).toMatchObject({ pred_halu: 0, parse_fail: 0, reward: 0 });
    expect(await verify('<think>a</think>{"hallucination list": []}', {}, { think_tag: "reasoning" })).toMatchObject({ parse_fail: 1 });
  });

  test("extracted is cut at 500 characters", async () => {
    const body = await verify(JSON.stringify({ "hallucination list": ["é".repeat(600)] }));
    expect(body.extracted).toBe(`["${"é".repeat(498)}`);
  });
});

describe("ragtruth: rows", () => {
  test("is_halu is read as pydantic reads a bool (0/1 and words too); it defaults to false", async () => {
    expect(await verify('{"hallucination list": ["a"]}', { is_halu: 1 })).toMatchObject({ is_halu: 1, reward: 1 });
    expect(await verify('{"hallucination list": ["a"]}', { is_halu: "false" })).toMatchObject({ is_halu: 0, reward: 0 });
    const res = await client(server, serverEnv("ragtruth")).post("/verify", { responses_create_params: row.responses_create_params, response: { id: "r1", output: [message('{"hallucination list": []}')] } });
    expect(res.body).toMatchObject({ is_halu: 0, task_type: "", reward: 1 });
  });

  test("a bad is_halu or task_type is a 400 naming the field", async () => {
    for (const [field, value] of [["is_halu", "maybe"], ["is_halu", 2], ["task_type", 3]] as const) {
      const res = await client(server, serverEnv("ragtruth")).post("/verify", { ...row, [field]: value, response: { id: "r1", output: [message("{}")] } });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(field);
    }
  });

  test.each([
    ["unclosed think tags", "<think>".repeat(70_000)],
    ["closing tags", "</think> ".repeat(55_000)],
    ["fences", "```json\n".repeat(60_000)],
    ["whitespace", " \n".repeat(250_000)],
  ])("a 500 KB reply of %s verifies quickly", async (_name, reply) => {
    const started = performance.now();
    const body = await verify(reply);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(body).toMatchObject({ pred_halu: 0, reward: 0 });
  });
});

// Verify responses as the collector strips them: the three task types and an empty one ("unknown"),
// a slice with neither predicted nor gold hallucinations (every ratio 0/0), parse failures.
const rollouts = [
  {"_ng_task_index": 0, "_ng_rollout_index": 0, "reward": 1.0, "task_type": "QA", "is_halu": 1, "pred_halu": 1, "parse_fail": 0, "extracted": "", "response": {"usage": {"input_tokens": 300, "output_tokens": 12}}},
  {"_ng_task_index": 0, "_ng_rollout_index": 1, "reward": 0.0, "task_type": "QA", "is_halu": 1, "pred_halu": 0, "parse_fail": 1, "extracted": "", "response": {"usage": {"input_tokens": 300, "output_tokens": 13}}},
  {"_ng_task_index": 1, "_ng_rollout_index": 0, "reward": 0.0, "task_type": "QA", "is_halu": 0, "pred_halu": 1, "parse_fail": 0, "extracted": "", "response": {"usage": {"input_tokens": 300, "output_tokens": 12}}},
  {"_ng_task_index": 1, "_ng_rollout_index": 1, "reward": 1.0, "task_type": "QA", "is_halu": 0, "pred_halu": 0, "parse_fail": 0, "extracted": "", "response": {"usage": {"input_tokens": 300, "output_tokens": 13}}},
  {"_ng_task_index": 2, "_ng_rollout_index": 0, "reward": 1.0, "task_type": "Summary", "is_halu": 1, "pred_halu": 1, "parse_fail": 0, "extracted": "", "response": {"usage": {"input_tokens": 300, "output_tokens": 12}}},
  {"_ng_task_index": 2, "_ng_rollout_index": 1, "reward": 1.0, "task_type": "Summary", "is_halu": 1, "pred_halu": 1, "parse_fail": 0, "extracted": "", "response": {"usage": {"input_tokens": 300, "output_tokens": 13}}},
  {"_ng_task_index": 3, "_ng_rollout_index": 0, "reward": 1.0, "task_type": "Data2txt", "is_halu": 0, "pred_halu": 0, "parse_fail": 0, "extracted": "", "response": {"usage": {"input_tokens": 300, "output_tokens": 12}}},
  {"_ng_task_index": 3, "_ng_rollout_index": 1, "reward": 1.0, "task_type": "Data2txt", "is_halu": 0, "pred_halu": 0, "parse_fail": 1, "extracted": "", "response": {"usage": {"input_tokens": 300, "output_tokens": 13}}},
  {"_ng_task_index": 4, "_ng_rollout_index": 0, "reward": 0.0, "task_type": "", "is_halu": 1, "pred_halu": 0, "parse_fail": 0, "extracted": "", "response": {"usage": {"input_tokens": 300, "output_tokens": 12}}},
  {"_ng_task_index": 4, "_ng_rollout_index": 1, "reward": 0.0, "task_type": "", "is_halu": 1, "pred_halu": 0, "parse_fail": 0, "extracted": "", "response": {"usage": {"input_tokens": 300, "output_tokens": 13}}},
];
// NeMo Gym's compute_metrics on these rollouts.
const expectedMetrics = {
  "mean_reward": 0.6,
  "count": 10,
  "parse_fail_rate": 0.2,
  "precision": 0.75,
  "recall": 0.5,
  "f1": 0.6,
  "task_type/Data2txt/precision": 0.0,
  "task_type/Data2txt/recall": 0.0,
  "task_type/Data2txt/f1": 0.0,
  "task_type/Data2txt/accuracy": 1.0,
  "task_type/Data2txt/count": 2,
  "task_type/QA/precision": 0.5,
  "task_type/QA/recall": 0.5,
  "task_type/QA/f1": 0.5,
  "task_type/QA/accuracy": 0.5,
  "task_type/QA/count": 4,
  "task_type/Summary/precision": 1.0,
  "task_type/Summary/recall": 1.0,
  "task_type/Summary/f1": 1.0,
  "task_type/Summary/accuracy": 1.0,
  "task_type/Summary/count": 2,
  "task_type/unknown/precision": 0.0,
  "task_type/unknown/recall": 0.0,
  "task_type/unknown/f1": 0.0,
  "task_type/unknown/accuracy": 0.0,
  "task_type/unknown/count": 2
};
const expectedKeyMetrics = {
  "mean_reward": 0.6,
  "f1": 0.6,
  "precision": 0.75,
  "recall": 0.5,
  "task_type/Data2txt/f1": 0.0,
  "task_type/Data2txt/accuracy": 1.0,
  "task_type/QA/f1": 0.5,
  "task_type/QA/accuracy": 0.5,
  "task_type/Summary/f1": 1.0,
  "task_type/Summary/accuracy": 1.0,
  "task_type/unknown/f1": 0.0,
  "task_type/unknown/accuracy": 0.0
};

describe("aggregate metrics", () => {
  test("NeMo Gym's precision / recall / F1 overall and per task type, its rates, and its key metrics", async () => {
    const res = await client(server, serverEnv("ragtruth")).post("/aggregate_metrics", { verify_responses: rollouts });
    expect(res.status).toBe(200);
    expect(res.body.agent_metrics).toMatchObject(expectedMetrics);
    // Like NeMo's, no pass@k: the environment has no score function.
    expect(Object.keys(res.body.agent_metrics).filter((key) => key.includes("@"))).toEqual([]);
    expect(Object.keys(res.body.agent_metrics).filter((key) => key.startsWith("task_type/") || key.startsWith("mean/reward_"))).toEqual(Object.keys(expectedMetrics).filter((key) => key.startsWith("task_type/")));
    expect(res.body.key_metrics).toEqual(expectedKeyMetrics);
  });
});
