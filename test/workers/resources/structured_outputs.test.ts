import { describe, expect, test, vi } from "vitest";
import server from "../../../workers/resources/structured_outputs/index.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";

const schema = {
  type: "object",
  properties: {
    title: { type: "string" },
    year: { type: "integer", minimum: 1400 },
    tags: { type: "array", items: { type: "string" }, uniqueItems: true },
    author: { $ref: "#/$defs/person" },
  },
  $defs: { person: { type: "object", properties: { name: { type: "string" }, email: { type: "string", format: "email" } } } },
};
const row = {
  responses_create_params: { input: [{ role: "user", type: "message", content: [{ type: "input_text", text: "Describe the book as JSON." }] }] },
  schema_str: JSON.stringify(schema),
  schema_type: "json",
};
const valid = { title: "Dune", year: 1965, tags: ["sf", "desert"], author: { name: "Frank Herbert", email: "frank@example.com" } };

const message = (text: string) => ({ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] });

async function verify(text: string | string[], fields: Record<string, unknown> = {}, instanceConfig?: Record<string, unknown>) {
  const output = (Array.isArray(text) ? text : [text]).map(message);
  const env = serverEnv("structured_outputs", instanceConfig ? { INSTANCE_CONFIG: instanceConfig } : {});
  return client(server, env).post("/verify", { ...row, ...fields, response: { id: "r1", output } });
}

async function graded(text: string | string[], fields: Record<string, unknown> = {}, instanceConfig?: Record<string, unknown>) {
  const res = await verify(text, fields, instanceConfig);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe("structured_outputs: where the JSON is", () => {
  test("the whole reply, echoing the row with error fields null", async () => {
    expect(await graded(JSON.stringify(valid))).toMatchObject({ ...row, reward: 1, error_type: null, error_message: null });
  });

  test("the whole reply only, as the reference parses it: a fenced or prose-wrapped answer is a parse_error, 0", async () => {
    const fenced = (body: unknown, info = "json") => `\`\`\`${info}\n${JSON.stringify(body, null, 2)}\n\`\`\``;
    for (const reply of [`Here it is:\n${fenced(valid)}\nDone.`, fenced(valid), fenced(valid, ""), `Answer: ${JSON.stringify(valid)}`]) {
      expect(await graded(reply)).toMatchObject({ reward: 0, error_type: "parse_error" });
    }
    // Whitespace around the JSON is JSON's own.
    expect((await graded(`\n  ${JSON.stringify(valid)}\n`)).reward).toBe(1);
  });

  test("text from several assistant messages is read together", async () => {
    const text = JSON.stringify(valid);
    expect((await graded([text.slice(0, 5), text.slice(5)])).reward).toBe(1);
  });
});

describe("structured_outputs: grading", () => {
  test("content is not checked, only validity", async () => {
    expect((await graded(JSON.stringify({ ...valid, title: "Not the book at all", year: 9999 }))).reward).toBe(1);
  });

  test("the schema is read strictly: every listed property is required, no other is allowed", async () => {
    const { tags: _tags, ...missing } = valid;
    expect(await graded(JSON.stringify(missing))).toMatchObject({ reward: 0, error_type: "validation_error", error_message: expect.stringContaining("tags") });
    expect((await graded(JSON.stringify({ ...valid, isbn: "x" }))).reward).toBe(0);
    // ... through $ref targets too.
    expect((await graded(JSON.stringify({ ...valid, author: { name: "Frank Herbert" } }))).reward).toBe(0);
  });

  test.each([
    ["a wrong type", { year: "1965" }, "/year"],
    ["below a minimum", { year: 1200 }, "/year"],
    ["a repeated item", { tags: ["sf", "sf"] }, "/tags"],
    ["a bad format", { author: { name: "F", email: "not an email" } }, "/author/email"],
  ])("%s is a validation error naming where", async (_name, change, where) => {
    const body = await graded(JSON.stringify({ ...valid, ...change }));
    expect(body).toMatchObject({ reward: 0, error_type: "validation_error" });
    expect(body.error_message).toContain(`#${where}`);
  });

  test("malformed JSON, an empty reply and an oversized reply earn 0 with their error_type", async () => {
    expect(await graded('{"title": "Dune",')).toMatchObject({ reward: 0, error_type: "parse_error", error_message: expect.stringMatching(/^SyntaxError: /) });
    expect(await graded("   ")).toMatchObject({ reward: 0, error_type: "empty_response" });
    const big = JSON.stringify({ ...valid, title: "x".repeat(2_000) });
    expect(await graded(big, {}, { max_answer_chars: 1_000 })).toMatchObject({ reward: 0, error_type: "answer_too_large" });
    expect((await graded(big, {}, { max_answer_chars: 4_000 })).reward).toBe(1);
  });

  test("values in const and enum are data: not made strict, not searched for $refs", async () => {
    const schema_str = JSON.stringify({ const: { properties: { a: 1 }, $ref: "#/nowhere" } });
    expect((await graded(JSON.stringify({ properties: { a: 1 }, $ref: "#/nowhere" }), { schema_str })).reward).toBe(1);
  });

  test("a boolean schema and non-object roots work", async () => {
    expect((await graded("[1, 2]", { schema_str: "true" })).reward).toBe(1);
    expect((await graded("[1, 2]", { schema_str: "false" })).reward).toBe(0);
    expect((await graded("[1, 2]", { schema_str: '{"type": "array", "items": {"type": "integer"}}' })).reward).toBe(1);
  });

  test("adversarial answers within the cap are graded quickly", async () => {
    const started = Date.now();
    const distinct = `[${Array.from({ length: 12_000 }, (_, i) => i).join(",")}]`;
    expect((await graded(distinct, { schema_str: '{"type": "array", "uniqueItems": true}' })).reward).toBe(1);
    // Recursion follows the answer's nesting only as deep as the stack allows.
    const deep = `${"[".repeat(30_000)}${"]".repeat(30_000)}`;
    expect(await graded(deep, { schema_str: '{"type": "array", "items": {"$ref": "#"}}' })).toMatchObject({ reward: 0, error_type: "validation_error" });
    expect((await graded(`"${"a".repeat(60_000)}!"`, { schema_str: '{"type": "string", "pattern": "^a+$"}' })).reward).toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  test("the validator interprets schemas: it runs where code generation is forbidden", async () => {
    // The test pool routes `new Function` through an escape hatch; put workerd's own constructor
    // back, which refuses code generation as a deployed Worker does, then grade.
    const workerdFunction = (function () {}).constructor as FunctionConstructor;
    expect(() => workerdFunction("return 1")).toThrow(/Code generation from strings disallowed/);
    expect(() => eval("1")).toThrow(/Code generation from strings disallowed/);
    vi.stubGlobal("Function", workerdFunction);
    try {
      expect(() => new Function("return 1")).toThrow(/Code generation/);
      expect((await graded(JSON.stringify(valid))).reward).toBe(1);
      expect((await graded(JSON.stringify({ ...valid, year: "x" }))).reward).toBe(0);
      expect((await verify("{}", { schema_str: '{"type": "strin"}' })).status).toBe(400);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe("structured_outputs: schemas read strictly first, as the reference reads them", () => {
  // The shape of NeMo Gym's structured_outputs_v3 row 3 (our own content): `required` an object and
  // `additionalProperties` a string in object schemas with properties, which the strict reading
  // replaces (every listed property required, no others) before anything reads them.
  const loose = {
    type: "object",
    additionalProperties: "false",
    required: { item: ["name"] },
    properties: { name: { type: "string" }, born: { type: "object", additionalProperties: "false", required: { item: "year" }, properties: { year: { type: "integer" } } } },
  };
  const fields = { schema_str: JSON.stringify(loose) };

  test("the row is graded, not refused: a valid answer earns 1, a missing property 0 with the reason", async () => {
    expect(await graded(JSON.stringify({ name: "Ada", born: { year: 1815 } }), fields)).toMatchObject({ reward: 1, error_type: null });
    const missing = await graded(JSON.stringify({ name: "Ada" }), fields);
    expect(missing).toMatchObject({ reward: 0, error_type: "validation_error" });
    expect(missing.error_message).toMatch(/born/);
  });

  test("in CSV, whose rows are a list, an object schema scores 0 with the reason", async () => {
    const csv = await graded("name,born\nAda,1815", { ...fields, schema_type: "csv" });
    expect(csv).toMatchObject({ reward: 0, error_type: "validation_error" });
    expect(csv.error_message).toMatch(/object/);
  });
});

describe("structured_outputs: bad rows", () => {
  const issues = async (fields: Record<string, unknown>) => {
    const res = await verify(JSON.stringify(valid), fields);
    expect(res.status).toBe(400);
    return res.body.error.issues as { path: string; message: string }[];
  };

  test("a schema that is not JSON is a 400 on schema_str", async () => {
    expect(await issues({ schema_str: "{type: object" })).toEqual([{ path: "schema_str", message: expect.stringMatching(/^not JSON/) }]);
  });

  test("a keyword of the wrong shape is a 400 with its path inside the schema", async () => {
    const bad = { ...schema, properties: { ...schema.properties, year: { type: "int" }, tags: { type: "array", minItems: -1 } } };
    expect((await issues({ schema_str: JSON.stringify(bad) })).map((i) => i.path).sort()).toEqual(["schema_str.properties.tags.minItems", "schema_str.properties.year.type"]);
  });

  test("regexes must compile and be safe to run on model output; $refs must resolve inside the schema", async () => {
    expect(await issues({ schema_str: '{"type": "string", "pattern": "(a"}' })).toEqual([{ path: "schema_str.pattern", message: expect.stringMatching(/not a valid regex/) }]);
    expect(await issues({ schema_str: '{"type": "string", "pattern": "^(a+)+$"}' })).toEqual([{ path: "schema_str.pattern", message: expect.stringMatching(/backtrack/) }]);
    expect(await issues({ schema_str: '{"patternProperties": {"(x|y)*z": {}}}' })).toEqual([{ path: "schema_str.patternProperties.(x|y)*z", message: expect.stringMatching(/backtrack/) }]);
    expect(await issues({ schema_str: '{"items": {"$ref": "#/$defs/missing"}}' })).toEqual([{ path: "schema_str.items.$ref", message: expect.stringMatching(/unresolved \$ref/) }]);
    expect(await issues({ schema_str: '{"$ref": "https://example.com/remote.json"}' })).toEqual([{ path: "schema_str.$ref", message: expect.stringMatching(/unresolved \$ref/) }]);
  });

  test("a schema_type outside json, yaml, xml, toml and csv and a missing schema_str are 400s; seed_session checks the fields it gets", async () => {
    expect((await issues({ schema_type: "JSON" })).map((i) => i.path)).toEqual(["schema_type"]);
    expect((await issues({ schema_type: "ini" })).map((i) => i.path)).toEqual(["schema_type"]);
    const { schema_str: _s, ...noSchema } = row;
    const missing = await verify(JSON.stringify(valid), { schema_str: undefined });
    expect(missing.status).toBe(400);
    expect(missing.body.error.issues.map((i: { path: string }) => i.path)).toEqual(["schema_str"]);
    const s = client(server, serverEnv("structured_outputs"));
    expect((await s.post("/seed_session", row)).status).toBe(200);
    // NeMo Gym's seed request carries the seeding fields only: task fields are checked when present.
    expect((await s.post("/seed_session", noSchema)).status).toBe(200);
    const bad = await s.post("/seed_session", { ...noSchema, schema_type: "ini" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues.map((i: { path: string }) => i.path)).toEqual(["schema_type"]);
  });
});

describe("structured_outputs: tool_call mode", () => {
  const tool = (name: string, parameters: unknown) => ({ type: "function", name, description: `Submit ${name}.`, parameters, strict: true });
  const toolRow = {
    ...row,
    responses_create_params: {
      input: [{ role: "user", content: "Record the book described below." }],
      tools: [tool("save_book", schema), tool("save_film", { type: "object", properties: { film: { type: "string" } } })],
      tool_choice: "auto",
      parallel_tool_calls: false,
    },
    response_mode: "tool_call",
    tool_name: "save_book",
    tool_schema_mode: "direct",
    tool_payload_key: null,
  };
  const fc = (name: string, args: unknown, i = 1) => ({ type: "function_call", call_id: `call_${i}`, name, arguments: typeof args === "string" ? args : JSON.stringify(args) });

  async function toolGraded(output: unknown[], fields: Record<string, unknown> = {}, instanceConfig?: Record<string, unknown>) {
    const env = serverEnv("structured_outputs", instanceConfig ? { INSTANCE_CONFIG: instanceConfig } : {});
    const res = await client(server, env).post("/verify", { ...toolRow, ...fields, response: { id: "r1", output } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  }

  test("the call to tool_name with valid arguments earns 1, echoing the row; tool outputs and text beside it are ignored", async () => {
    expect(await toolGraded([fc("save_book", valid)])).toMatchObject({ ...toolRow, reward: 1, error_type: null, error_message: null });
    const episode = [fc("save_book", valid), { type: "function_call_output", call_id: "call_1", output: "{}" }, message("Done.")];
    expect((await toolGraded(episode)).reward).toBe(1);
  });

  test("the arguments are read strictly against schema_str, as text answers are", async () => {
    const { tags: _tags, ...missing } = valid;
    expect(await toolGraded([fc("save_book", missing)])).toMatchObject({ reward: 0, error_type: "validation_error", error_message: expect.stringContaining("tags") });
    expect(await toolGraded([fc("save_book", { ...valid, year: "1965" })])).toMatchObject({ reward: 0, error_type: "validation_error", error_message: expect.stringContaining("#/year") });
  });

  test("no call, a text answer, a distractor, several calls and unparseable arguments earn 0 with their error_type", async () => {
    expect(await toolGraded([])).toMatchObject({ reward: 0, error_type: "missing_tool_call" });
    // A valid JSON reply in text is still not a call.
    expect(await toolGraded([message(JSON.stringify(valid))])).toMatchObject({ reward: 0, error_type: "missing_tool_call" });
    expect(await toolGraded([fc("save_film", valid)])).toMatchObject({ reward: 0, error_type: "wrong_tool_name", error_message: expect.stringContaining("save_film") });
    // As the reference grades: exactly one call, even when one of several is right.
    expect(await toolGraded([fc("save_book", valid), fc("save_film", { film: "Dune" }, 2)])).toMatchObject({ reward: 0, error_type: "multiple_tool_calls" });
    expect(await toolGraded([fc("save_book", valid), fc("save_book", valid, 2)])).toMatchObject({ reward: 0, error_type: "multiple_tool_calls" });
    expect(await toolGraded([fc("save_book", '{"title": "Dune",')])).toMatchObject({ reward: 0, error_type: "tool_arguments_parse_error", error_message: expect.stringMatching(/^SyntaxError: /) });
    expect(await toolGraded([fc("save_book", "")])).toMatchObject({ reward: 0, error_type: "tool_arguments_parse_error" });
  });

  test("without tool_name any one call is the answer", async () => {
    expect((await toolGraded([fc("save_film", valid)], { tool_name: null })).reward).toBe(1);
  });

  test("tool_payload_key unwraps the answer from the arguments; a missing key earns 0", async () => {
    const wrapped = { tool_schema_mode: "extraction_wrapper", tool_payload_key: "extraction" };
    expect((await toolGraded([fc("save_book", { extraction: valid })], wrapped)).reward).toBe(1);
    // multi_key_object tools carry other keys beside the answer's.
    expect((await toolGraded([fc("save_book", { summary: { a: 1 }, extraction: valid })], { ...wrapped, tool_schema_mode: "multi_key_object" })).reward).toBe(1);
    expect(await toolGraded([fc("save_book", { extraction: { ...valid, year: 1200 } })], wrapped)).toMatchObject({ reward: 0, error_type: "validation_error" });
    expect(await toolGraded([fc("save_book", { result: valid })], wrapped)).toMatchObject({ reward: 0, error_type: "missing_tool_payload_key", error_message: expect.stringContaining("extraction") });
    expect(await toolGraded([fc("save_book", [valid])], wrapped)).toMatchObject({ reward: 0, error_type: "missing_tool_payload_key" });
    // The payload may be any JSON the schema allows: an array root wraps under a key.
    const list = { tool_schema_mode: "random_wrapper", tool_payload_key: "result", schema_str: '{"type": "array", "items": {"type": "integer"}}' };
    expect((await toolGraded([fc("save_book", { result: [1, 2] })], list)).reward).toBe(1);
    expect((await toolGraded([fc("save_book", { result: [1, "2"] })], list)).reward).toBe(0);
  });

  test("oversized arguments are not parsed", async () => {
    const big = { ...valid, title: "x".repeat(2_000) };
    expect(await toolGraded([fc("save_book", big)], {}, { max_answer_chars: 1_000 })).toMatchObject({ reward: 0, error_type: "answer_too_large" });
    expect((await toolGraded([fc("save_book", big)], {}, { max_answer_chars: 4_000 })).reward).toBe(1);
  });

  test("a text row's tool calls are not answers; an unknown response_mode is a 400", async () => {
    expect(await toolGraded([fc("save_book", valid)], { response_mode: "text" })).toMatchObject({ reward: 0, error_type: "empty_response" });
    const res = await client(server, serverEnv("structured_outputs")).post("/verify", { ...toolRow, response_mode: "function", response: { id: "r1", output: [] } });
    expect(res.status).toBe(400);
    expect(res.body.error.issues.map((i: { path: string }) => i.path)).toEqual(["response_mode"]);
  });

  test("every tool a row offers answers the agent's call in the session, the same for a distractor", async () => {
    const s = client(server, serverEnv("structured_outputs"));
    expect((await s.post("/seed_session", toolRow)).status).toBe(200);
    const right = await s.post("/save_book", valid);
    const distractor = await s.post("/save_film", { film: "Dune" });
    expect(right).toEqual({ status: 200, body: { status: "recorded", tool: "save_book", message: expect.any(String) } });
    expect(distractor).toEqual({ status: 200, body: { ...right.body, tool: "save_film" } });
  });

  test("a NeMo Gym v4 row's shape seeds and verifies: its metadata fields pass through, echoed", async () => {
    // The shape of the reference's structured_outputs_v4 rows (field for field), with our own short content.
    const target = { type: "object", properties: { village: { type: "string" }, population: { type: "integer" } }, required: ["village", "population"] };
    const v4 = {
      responses_create_params: {
        input: [
          { role: "system", content: "Do not write a prose answer; return the structured result through the tool." },
          { role: "user", content: "Reference text:\n# Dunmore\n\nDunmore is a village of 250 people." },
        ],
        tools: [
          tool("response_tool_1", { type: "object", properties: { extraction: { type: "object", properties: { title: { type: "string" } }, required: ["title"] } }, required: ["extraction"] }),
          tool("response_tool_2", { type: "object", properties: { extraction: target }, required: ["extraction"] }),
        ],
        tool_choice: "auto",
        parallel_tool_calls: true,
      },
      schema_str: JSON.stringify(target),
      schema_type: "json",
      response_mode: "tool_call",
      problem_type: "direct_tool_call",
      schema_repr: "tool",
      source_format: "json",
      source_schema_type: "json",
      tool_choice: "auto",
      parallel_tool_calls: true,
      tool_name: "response_tool_2",
      tool_schema_mode: "extraction_wrapper",
      tool_payload_key: "extraction",
      tool_name_style: "numbered",
      distractor_style: "numbered_tools",
      tool_union_mode: null,
      num_turns: 1,
      num_tools: 2,
      num_distractors: 1,
      has_distractors: true,
      instruction_layout: "system_instruction_user_document",
      instruction_detail_level: "concise",
      system_instruction_style: "no_prose",
      source_record_id: "DS1-00000000",
      agent_ref: { type: "responses_api_agents", name: "structured_outputs_v4_simple_agent" },
    };
    const s = client(server, serverEnv("structured_outputs"));
    expect((await s.post("/seed_session", v4)).status).toBe(200);
    const answer = fc("response_tool_2", { extraction: { village: "Dunmore", population: 250 } });
    const verified = await s.post("/verify", { ...v4, response: { id: "r1", output: [answer] } });
    expect(verified.status).toBe(200);
    // Input messages come back normalised (with `type: "message"`); every other field as sent.
    expect(verified.body).toMatchObject({ ...v4, response: { id: "r1", output: [answer] }, reward: 1, error_type: null, error_message: null });
    const wrong = await s.post("/verify", { ...v4, response: { id: "r2", output: [{ ...answer, name: "response_tool_1" }] } });
    expect(wrong.body).toMatchObject({ reward: 0, error_type: "wrong_tool_name" });
  });
});

// Verify responses as the collector strips them: text and tool_call rows, boolean and numeric
// settings, an empty problem type and a null representation (no group), uneven rollouts.
const rollouts = [
  {"_ng_task_index": 0, "_ng_rollout_index": 0, "reward": 1.0, "schema_str": "{}", "schema_type": "json", "response_mode": "tool_call", "error_type": null, "error_message": null, "response": {"usage": {"input_tokens": 500, "output_tokens": 60}}, "problem_type": "direct_tool_call", "schema_repr": "pydantic", "tool_schema_mode": "extraction_wrapper", "tool_choice": "required", "parallel_tool_calls": false, "num_tools": 3, "has_distractors": true, "instruction_layout": "system_first", "instruction_detail_level": "brief", "system_instruction_style": "formal", "tool_name_style": "snake", "distractor_style": "similar", "tool_union_mode": "anyOf"},
  {"_ng_task_index": 0, "_ng_rollout_index": 1, "reward": 0.0, "schema_str": "{}", "schema_type": "json", "response_mode": "tool_call", "error_type": null, "error_message": null, "response": {"usage": {"input_tokens": 500, "output_tokens": 61}}, "problem_type": "direct_tool_call", "schema_repr": "pydantic", "tool_schema_mode": "extraction_wrapper", "tool_choice": "required", "parallel_tool_calls": false, "num_tools": 3, "has_distractors": true, "instruction_layout": "system_first", "instruction_detail_level": "brief", "system_instruction_style": "formal", "tool_name_style": "snake", "distractor_style": "similar", "tool_union_mode": "anyOf"},
  {"_ng_task_index": 1, "_ng_rollout_index": 0, "reward": 1.0, "schema_str": "{}", "schema_type": "yaml", "response_mode": "text", "error_type": null, "error_message": null, "response": {"usage": {"input_tokens": 500, "output_tokens": 60}}, "problem_type": "format_conversion", "schema_repr": "json_schema"},
  {"_ng_task_index": 1, "_ng_rollout_index": 1, "reward": 1.0, "schema_str": "{}", "schema_type": "yaml", "response_mode": "text", "error_type": null, "error_message": null, "response": {"usage": {"input_tokens": 500, "output_tokens": 61}}, "problem_type": "format_conversion", "schema_repr": "json_schema"},
  {"_ng_task_index": 1, "_ng_rollout_index": 2, "reward": 0.0, "schema_str": "{}", "schema_type": "yaml", "response_mode": "text", "error_type": null, "error_message": null, "response": {"usage": {"input_tokens": 500, "output_tokens": 62}}, "problem_type": "format_conversion", "schema_repr": "json_schema"},
  {"_ng_task_index": 2, "_ng_rollout_index": 0, "reward": 0.0, "schema_str": "{}", "schema_type": "xml", "response_mode": "tool_call", "error_type": null, "error_message": null, "response": {"usage": {"input_tokens": 500, "output_tokens": 60}}, "problem_type": "", "schema_repr": null, "tool_schema_mode": "extraction_wrapper", "tool_choice": "auto", "parallel_tool_calls": true, "num_tools": 1, "has_distractors": false, "instruction_layout": "system_first", "instruction_detail_level": "brief", "system_instruction_style": "formal", "tool_name_style": "snake", "distractor_style": "similar", "tool_union_mode": "anyOf"},
  {"_ng_task_index": 3, "_ng_rollout_index": 0, "reward": 1.0, "schema_str": "{}", "schema_type": "csv", "response_mode": "text", "error_type": null, "error_message": null, "response": {"usage": {"input_tokens": 500, "output_tokens": 60}}},
];
// NeMo Gym's compute_metrics on these rollouts.
const expectedMetrics = {
  "mean/reward_json": 0.5,
  "mean/reward_yaml": 0.6666666666666666,
  "mean/reward_xml": 0.0,
  "mean/reward_csv": 1.0,
  "mean/reward_direct_tool_call": 0.5,
  "mean/reward_format_conversion": 0.6666666666666666,
  "mean/reward_repr_pydantic": 0.5,
  "mean/reward_repr_json_schema": 0.6666666666666666,
  "mean/reward_response_mode_tool_call": 0.3333333333333333,
  "mean/reward_response_mode_text": 0.75,
  "mean/reward_tool_schema_mode_extraction_wrapper": 0.3333333333333333,
  "mean/reward_tool_choice_required": 0.5,
  "mean/reward_tool_choice_auto": 0.0,
  "mean/reward_parallel_tool_calls_false": 0.5,
  "mean/reward_parallel_tool_calls_true": 0.0,
  "mean/reward_num_tools_3": 0.5,
  "mean/reward_num_tools_1": 0.0,
  "mean/reward_has_distractors_true": 0.5,
  "mean/reward_has_distractors_false": 0.0,
  "mean/reward_instruction_layout_system_first": 0.3333333333333333,
  "mean/reward_instruction_detail_level_brief": 0.3333333333333333,
  "mean/reward_system_instruction_style_formal": 0.3333333333333333,
  "mean/reward_tool_name_style_snake": 0.3333333333333333,
  "mean/reward_distractor_style_similar": 0.3333333333333333,
  "mean/reward_tool_union_mode_anyOf": 0.3333333333333333
};
const expectedKeyMetrics = {
  "mean/reward": 0.5714285714285714,
  "mean/parallel_tool_calls": 0.3333333333333333,
  "mean/num_tools": 2.3333333333333335,
  "mean/has_distractors": 0.6666666666666666,
  "mean/input_tokens": 500.0,
  "mean/output_tokens": 60.57142857142857,
  "mean/reward_json": 0.5,
  "mean/reward_yaml": 0.6666666666666666,
  "mean/reward_xml": 0.0,
  "mean/reward_csv": 1.0,
  "mean/reward_direct_tool_call": 0.5,
  "mean/reward_format_conversion": 0.6666666666666666,
  "mean/reward_repr_pydantic": 0.5,
  "mean/reward_repr_json_schema": 0.6666666666666666,
  "mean/reward_response_mode_tool_call": 0.3333333333333333,
  "mean/reward_response_mode_text": 0.75,
  "mean/reward_tool_schema_mode_extraction_wrapper": 0.3333333333333333,
  "mean/reward_tool_choice_required": 0.5,
  "mean/reward_tool_choice_auto": 0.0,
  "mean/reward_parallel_tool_calls_false": 0.5,
  "mean/reward_parallel_tool_calls_true": 0.0,
  "mean/reward_num_tools_3": 0.5,
  "mean/reward_num_tools_1": 0.0,
  "mean/reward_has_distractors_true": 0.5,
  "mean/reward_has_distractors_false": 0.0,
  "mean/reward_instruction_layout_system_first": 0.3333333333333333,
  "mean/reward_instruction_detail_level_brief": 0.3333333333333333,
  "mean/reward_system_instruction_style_formal": 0.3333333333333333,
  "mean/reward_tool_name_style_snake": 0.3333333333333333,
  "mean/reward_distractor_style_similar": 0.3333333333333333,
  "mean/reward_tool_union_mode_anyOf": 0.3333333333333333
};

describe("aggregate metrics", () => {
  test("NeMo Gym's mean reward per schema type, problem type, representation and setting; no pass@k; every mean/* a key metric", async () => {
    const res = await client(server, serverEnv("structured_outputs")).post("/aggregate_metrics", { verify_responses: rollouts });
    expect(res.status).toBe(200);
    expect(res.body.agent_metrics).toMatchObject(expectedMetrics);
    expect(Object.keys(res.body.agent_metrics).filter((key) => key.includes("@"))).toEqual([]);
    expect(res.body.key_metrics).toEqual(expectedKeyMetrics);
  });
});
