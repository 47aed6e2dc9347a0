import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/structeval/index.ts";
import { extractCode } from "../../../workers/resources/structeval/extract.ts";
import { pathExists } from "../../../workers/resources/structeval/paths.ts";
import { exactMean } from "../../../workers/resources/structeval/metrics.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";

const row = {
  responses_create_params: { input: [{ role: "user", content: "Please output JSON code:\n\nDescribe a novel." }] },
  task_id: "000500",
  task_name: "Text to JSON",
  input_type: "Text",
  output_type: "JSON",
  raw_output_metric: ["novel.title", "novel.author.name", "novel.chapters[1].title"],
};

const message = (...texts: string[]) => ({ type: "message", role: "assistant", content: texts.map((text) => ({ type: "output_text", text, annotations: [] })) });

async function post(fields: Record<string, unknown>, output: unknown[]) {
  return client(server, serverEnv("structeval")).post("/verify", { ...row, ...fields, response: { id: "r1", output } });
}

async function verify(reply: string | string[], fields: Record<string, unknown> = {}) {
  const res = await post(fields, [message(...(Array.isArray(reply) ? reply : [reply]))]);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const novel = JSON.stringify({ novel: { title: "T", author: { name: "A" }, chapters: [{ title: "1" }, { title: "2" }] } });

describe("structeval: extraction, as StructEval finds the code", () => {
  test.each([
    ["a fence wins over the tags, wherever it is", '<|BEGIN_CODE|>\n{"a": 1}\n<|END_CODE|> then ```json\n{"b": 2}\n```', '{"b": 2}'],
    ["tags in any case, the end tag optional", '<|begin_code|>{"a": 1}', '{"a": 1}'],
    ["escapes are decoded, so an escaped quote closes the string", 'Here:\n```\n{"a": "x\\"y"}\n```', '{"a": "x"y"}'],
    ["non-ASCII text becomes mojibake (UTF-8 read as Latin-1)", '{"name": "Zoë"}', '{"name": "ZoÃ«"}'],
    ["\\u escapes are decoded", '{"a": "\\u00e9"}', '{"a": "é"}'],
    ["a malformed escape leaves the whole text undecoded", "bad \\x4 escape é", "bad \\x4 escape é"],
    ["a fence line with no newline after it is no fence", "```json", "```json"],
    ["&lt; and &gt; are unescaped", "&lt;a&gt;1&lt;/a&gt;", "<a>1</a>"],
    ["an empty think block is dropped", '<think>\n\n</think>\n\n{"a": 1}', '{"a": 1}'],
    ["simple and octal escapes decode, unknown ones stay", "tab\\tand\\101 and \\q", "tab\tandA and \\q"],
  ])("%s", (_name, reply, code) => {
    expect(extractCode(reply)).toBe(code);
  });
});

describe("structeval: paths", () => {
  const data = { a: { "b.c": [{ d: 1 }, { e: 2 }], "@id": "7", x: null } };
  test.each([
    ["a.`b.c`[1].e", true],
    ["a.`b.c`.*.e", true],
    ["a.`b.c`[2]", false],
    ["a.@id", true],
    ["a.id", false],
    ["a.x", true],
    ["a.`b.c`[ 1 ].e", true],
    ["a.`b.c`[-1].e", false],
    ["a.b.c", false],
    ["a.x.y", false],
    ["a.`b.c`.[0].d", true],
  ])("%s exists: %s", (path, exists) => {
    expect(pathExists(data, path)).toBe(exists);
  });

  test("csv:: paths ask the headers (Python's `in`: a string header list is searched for a substring)", () => {
    expect(pathExists({ csv_headers: ["h1", "h2"], csv_rows: [] }, "csv::h1")).toBe(true);
    expect(pathExists({ csv_headers: "abc" }, "csv::b")).toBe(true);
    expect(pathExists({ csv_headers: null }, "csv::b")).toBe(false);
    expect(pathExists(new Map([["a", new Map([[1, "one"]])]]), "a.1")).toBe(false);
  });
});

describe("structeval: verify", () => {
  test("every field: a full render and all paths", async () => {
    expect(await verify(`<|BEGIN_CODE|>\n${novel}\n<|END_CODE|>`)).toMatchObject({
      ...row,
      rendering: false,
      reward: 1,
      render_score: 1,
      key_validation_score: 1,
      raw_output_score: 0,
      error_type: null,
      error_message: null,
    });
  });

  test("a share of paths earns 0.2 + 0.8 x the share, rounded; raw_output_score counts paths written out in the reply", async () => {
    const partial = JSON.stringify({ novel: { title: "novel.author.name" } });
    expect(await verify(partial)).toMatchObject({ reward: 0.47, render_score: 1, key_validation_score: 1 / 3, raw_output_score: 1 / 3 });
  });

  test("a parse failure or an empty result does not render, and no path is checked", async () => {
    const bad = await verify('{"novel": ');
    expect(bad).toMatchObject({ reward: 0, render_score: 0, key_validation_score: 0, error_type: "parse_error" });
    expect(bad.error_message).toEqual(expect.any(String));
    expect(await verify("{}")).toMatchObject({ reward: 0, error_type: "parse_error", error_message: "Parsed result is empty" });
    expect(await verify("```json\n```")).toMatchObject({ reward: 0, error_type: "parse_error" });
  });

  test("YAML, TOML and XML (attributes as @keys, repeated siblings as lists)", async () => {
    const yaml = "novel:\n  title: T\n  author: {name: A}\n  chapters:\n    - title: one\n    - title: two\n";
    expect((await verify(yaml, { output_type: "YAML" })).reward).toBe(1);
    const toml = '[novel]\ntitle = "T"\n[novel.author]\nname = "A"\n[[novel.chapters]]\ntitle = "1"\n[[novel.chapters]]\ntitle = "2"\n';
    expect((await verify(toml, { output_type: "toml" })).reward).toBe(1);
    const xml = '<novel id="9"><title>T</title><author><name>A</name></author><chapters><title>1</title></chapters></novel>';
    expect(await verify(xml, { output_type: "XML", raw_output_metric: ["novel.@id", "novel.id", "novel.chapters.title", "novel.chapters[0]"] })).toMatchObject({
      render_score: 1,
      key_validation_score: 0.5,
      reward: 0.6,
    });
  });

  test("CSV: always renders; paths are csv::header (first line) or into the rows", async () => {
    const fields = { output_type: "CSV", raw_output_metric: ["csv::id", "csv::name", "csv::age", "csv_rows[0].name"] };
    expect(await verify("id,name\n1,Ada\n", fields)).toMatchObject({ render_score: 1, key_validation_score: 0.75, reward: 0.8 });
    expect(await verify("id,name\n", fields)).toMatchObject({ key_validation_score: 0.5 });
    // The code is stripped first, so a leading blank line does not empty the header.
    expect(await verify("\n\nid,name\n1,Ada", fields)).toMatchObject({ key_validation_score: 0.75 });
    expect(await verify("```csv\n```", fields)).toMatchObject({ render_score: 1, key_validation_score: 0, reward: 0.2 });
  });

  test("no text is an empty response; another output type is unsupported", async () => {
    expect(await verify(["  ", "\n"])).toMatchObject({ reward: 0, render_score: 0, key_validation_score: 0, raw_output_score: 0, error_type: "empty_response", error_message: "No assistant response text" });
    expect(await verify(novel, { output_type: "HTML" })).toMatchObject({ reward: 0, error_type: "unsupported_type", error_message: "Unsupported output type: html" });
  });

  test.each([
    ["a path with an unclosed '['", { raw_output_metric: ["a[0"] }, "raw_output_metric[0]"],
    ["no task name", { task_name: undefined }, "task_name"],
    ["paths that are not a list", { raw_output_metric: "novel.title" }, "raw_output_metric"],
  ])("%s is a 400 naming the field", async (_name, fields, path) => {
    const res = await post(fields, [message("{}")]);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(path);
  });

  test("a 500 KB reply is graded quickly", async () => {
    const started = performance.now();
    const big = JSON.stringify({ novel: { title: "T", author: { name: "A" }, chapters: [{}, { title: "x".repeat(500_000) }] } });
    expect((await verify(big)).reward).toBe(1);
    expect((await verify("\\".repeat(500_001) + "```" + "`".repeat(100_000))).render_score).toBe(0);
    // One field past Python's csv field size limit is a parse error there too.
    expect((await verify("<|BEGIN_CODE|>".repeat(30_000), { output_type: "csv" })).error_type).toBe("parse_error");
    expect(performance.now() - started).toBeLessThan(3_000);
  });
});

// Verify responses as the collector strips them: rewards and key-validation scores whose plain
// running mean differs in the last digit from the exactly rounded one NeMo Gym takes, uneven
// rollouts, and a rollout without its types and scores ("unknown", scores 0).
const rollouts = [
  {"_ng_task_index": 0, "_ng_rollout_index": 0, "reward": 0.73, "task_id": "t0", "task_name": "Text to JSON", "input_type": "Text", "output_type": "JSON", "raw_output_metric": ["a.b"], "render_score": 1, "key_validation_score": 0.6666666666666666, "raw_output_score": 0.6666666666666666, "error_type": null, "error_message": null, "response": {"usage": {"input_tokens": 700, "output_tokens": 80}}},
  {"_ng_task_index": 0, "_ng_rollout_index": 1, "reward": 0.47, "task_id": "t0", "task_name": "Text to JSON", "input_type": "Text", "output_type": "JSON", "raw_output_metric": ["a.b"], "render_score": 1, "key_validation_score": 0.3333333333333333, "raw_output_score": 0.3333333333333333, "error_type": null, "error_message": null, "response": {"usage": {"input_tokens": 700, "output_tokens": 81}}},
  {"_ng_task_index": 0, "_ng_rollout_index": 2, "reward": 0.0, "task_id": "t0", "task_name": "Text to JSON", "input_type": "Text", "output_type": "JSON", "raw_output_metric": ["a.b"], "render_score": 0, "key_validation_score": 0, "raw_output_score": 0, "error_type": null, "error_message": null, "response": {"usage": {"input_tokens": 700, "output_tokens": 82}}},
  {"_ng_task_index": 1, "_ng_rollout_index": 0, "reward": 0.76, "task_id": "t1", "task_name": "CSV to YAML", "input_type": "CSV", "output_type": "YAML", "raw_output_metric": ["a.b"], "render_score": 1, "key_validation_score": 0.7, "raw_output_score": 0.7, "error_type": null, "error_message": null, "response": {"usage": {"input_tokens": 700, "output_tokens": 80}}},
  {"_ng_task_index": 1, "_ng_rollout_index": 1, "reward": 0.28, "task_id": "t1", "task_name": "CSV to YAML", "input_type": "CSV", "output_type": "YAML", "raw_output_metric": ["a.b"], "render_score": 1, "key_validation_score": 0.1, "raw_output_score": 0.1, "error_type": null, "error_message": null, "response": {"usage": {"input_tokens": 700, "output_tokens": 81}}},
  {"_ng_task_index": 2, "_ng_rollout_index": 0, "reward": 0.44, "task_id": "t2", "task_name": "Text to TOML", "input_type": "Text", "output_type": "TOML", "raw_output_metric": ["a.b"], "render_score": 1, "key_validation_score": 0.3, "raw_output_score": 0.3, "error_type": null, "error_message": null, "response": {"usage": {"input_tokens": 700, "output_tokens": 80}}},
  {"_ng_task_index": 2, "_ng_rollout_index": 1, "reward": 0.68, "task_id": "t2", "task_name": "Text to TOML", "input_type": "Text", "output_type": "TOML", "raw_output_metric": ["a.b"], "render_score": 1, "key_validation_score": 0.6, "raw_output_score": 0.6, "error_type": null, "error_message": null, "response": {"usage": {"input_tokens": 700, "output_tokens": 81}}},
  {"_ng_task_index": 2, "_ng_rollout_index": 2, "reward": 0.92, "task_id": "t2", "task_name": "Text to TOML", "input_type": "Text", "output_type": "TOML", "raw_output_metric": ["a.b"], "render_score": 1, "key_validation_score": 0.9, "raw_output_score": 0.9, "error_type": null, "error_message": null, "response": {"usage": {"input_tokens": 700, "output_tokens": 82}}},
  {"_ng_task_index": 3, "_ng_rollout_index": 0, "reward": 0.31, "task_id": "t3", "task_name": "YAML to JSON", "input_type": "YAML", "output_type": "JSON", "raw_output_metric": ["a.b"], "render_score": 1, "key_validation_score": 0.14285714285714285, "raw_output_score": 0.14285714285714285, "error_type": null, "error_message": null, "response": {"usage": {"input_tokens": 700, "output_tokens": 80}}},
  {"_ng_task_index": 3, "_ng_rollout_index": 1, "reward": 0.77, "task_id": "t3", "task_name": "YAML to JSON", "input_type": "YAML", "output_type": "JSON", "raw_output_metric": ["a.b"], "render_score": 1, "key_validation_score": 0.7142857142857143, "raw_output_score": 0.7142857142857143, "error_type": null, "error_message": null, "response": {"usage": {"input_tokens": 700, "output_tokens": 81}}},
  {"_ng_task_index": 4, "_ng_rollout_index": 0, "reward": 0.0, "task_id": "t4", "raw_output_metric": ["a.b"], "raw_output_score": 0, "error_type": null, "error_message": null, "response": {"usage": {"input_tokens": 700, "output_tokens": 80}}},
];
// NeMo Gym's compute_metrics on these rollouts.
const expectedMetrics = {
  "mean/render_score": 0.8181818181818182,
  "mean/key_validation_score": 0.40519480519480516,
  "mean/reward_output_JSON": 0.456,
  "mean/reward_output_YAML": 0.52,
  "mean/reward_output_TOML": 0.68,
  "mean/reward_output_unknown": 0.0,
  "mean/reward_input_Text": 0.54,
  "mean/reward_input_CSV": 0.52,
  "mean/reward_input_YAML": 0.54,
  "mean/reward_input_unknown": 0.0,
  "mean/reward_Text to JSON": 0.39999999999999997,
  "mean/reward_CSV to YAML": 0.52,
  "mean/reward_Text to TOML": 0.68,
  "mean/reward_YAML to JSON": 0.54,
  "mean/reward_unknown": 0.0,
  "mean/render_score_JSON": 0.8,
  "mean/render_score_YAML": 1,
  "mean/render_score_TOML": 1,
  "mean/render_score_unknown": 0.0,
  "mean/key_validation_score_JSON": 0.37142857142857144,
  "mean/key_validation_score_YAML": 0.39999999999999997,
  "mean/key_validation_score_TOML": 0.6,
  "mean/key_validation_score_unknown": 0.0
};
const expectedKeyMetrics = {
  "mean/reward": 0.48727272727272725,
  "mean/render_score": 0.8181818181818182,
  "mean/key_validation_score": 0.40519480519480516,
  "mean/raw_output_score": 0.4051948051948052,
  "mean/input_tokens": 700.0,
  "mean/output_tokens": 80.72727272727273,
  "mean/reward_output_JSON": 0.456,
  "mean/reward_output_YAML": 0.52,
  "mean/reward_output_TOML": 0.68,
  "mean/reward_output_unknown": 0.0,
  "mean/reward_input_Text": 0.54,
  "mean/reward_input_CSV": 0.52,
  "mean/reward_input_YAML": 0.54,
  "mean/reward_input_unknown": 0.0,
  "mean/reward_Text to JSON": 0.39999999999999997,
  "mean/reward_CSV to YAML": 0.52,
  "mean/reward_Text to TOML": 0.68,
  "mean/reward_YAML to JSON": 0.54,
  "mean/reward_unknown": 0.0,
  "mean/render_score_JSON": 0.8,
  "mean/render_score_YAML": 1,
  "mean/render_score_TOML": 1,
  "mean/render_score_unknown": 0.0,
  "mean/key_validation_score_JSON": 0.37142857142857144,
  "mean/key_validation_score_YAML": 0.39999999999999997,
  "mean/key_validation_score_TOML": 0.6,
  "mean/key_validation_score_unknown": 0.0
};

describe("aggregate metrics", () => {
  test("mean scores and mean reward per output type, input type and task name, exactly rounded; no pass@k; every mean/* a key metric", async () => {
    const res = await client(server, serverEnv("structeval")).post("/aggregate_metrics", { verify_responses: rollouts });
    expect(res.status).toBe(200);
    expect(res.body.agent_metrics).toMatchObject(expectedMetrics);
    expect(Object.keys(res.body.agent_metrics).filter((key) => key.includes("@"))).toEqual([]);
    expect(res.body.key_metrics).toEqual(expectedKeyMetrics);
  });
});

describe("exactMean", () => {
  test("rounds the exact mean once, as Python's statistics.mean (values from it)", () => {
    const cases: [number[], number][] = [
      [[0.1, 0.2, 0.3], 0.2],
      [[0.84, 0.2, 0.6, 0.36], 0.5],
      [[-0.1, 0.7, 1e-17, 3.3], 0.975],
      [[1e300, 1e300, -1e300], 3.3333333333333335e299],
      [[2 / 3, 1 / 3, 1 / 7, 5 / 7, 0.1], 0.3914285714285714],
      [[0.5], 0.5],
    ];
    for (const [values, mean] of cases) expect(exactMean(values)).toBe(mean);
  });
});
