import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/terminal_multi_harness/index.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";

const config = (extra: Record<string, unknown> = {}) => ({ tool_call_comparator_config: { string_similarity_threshold: 0.9, ...extra } });
const open = (c = config()) => client(server, serverEnv("terminal_multi_harness_codex_resources_server", { INSTANCE_CONFIG: c }));

const S = { type: "string" };
const tool = (name: string, properties: Record<string, unknown>, required: string[]) => ({
  type: "function",
  name,
  description: "",
  parameters: { type: "object", properties, required, additionalProperties: false },
  strict: true,
});
const EXEC = tool("exec_command", { cmd: S, workdir: S }, ["cmd"]);
const WRITE_STDIN = tool("write_stdin", { session_id: { type: "integer" }, chars: S }, ["session_id"]);
const PLAN = tool("update_plan", { plan: { type: "array", items: { type: "object" } } }, ["plan"]);

let n = 0;
const fc = (name: string, args: unknown) => ({ type: "function_call", call_id: `c${++n}`, name, arguments: typeof args === "string" ? args : JSON.stringify(args) });
const call = (name: string, args: unknown) => ({ type: "function_call", name, arguments: typeof args === "string" ? args : JSON.stringify(args) });
const say = (text: string) => ({ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] });
const response = (...output: unknown[]) => ({ id: "r", output });

const row = (expected_action: unknown, declared_tools: unknown[] | null = [EXEC], extra: Record<string, unknown> = {}) => ({
  responses_create_params: { input: "[{'role': 'user', 'content': 'Inspect the workspace root.'}]" },
  harness: "codex",
  expected_action,
  ...(declared_tools === null ? {} : { declared_tools }),
  ...extra,
});
const verify = async (body: Record<string, unknown>, c = config()) => (await open(c).post("/verify", body)).body;

describe("terminal_multi_harness: NeMo Gym's recorded examples", () => {
  test("each comes out with the recorded reward, category and similarity", async () => {
    expect(await verify({ ...row({ type: "message", content: "Teacher completion message" }, []), response: response(say("Implemented and verified.")) })).toMatchObject({
      reward: 1,
      category: "A chat message that matches the expected message was found",
      similarity_score: null,
      harness: "codex",
      threshold: null,
    });
    expect(await verify({ ...row(call("exec_command", { cmd: "ls -la /workspace" })), response: response(fc("exec_command", { cmd: "ls -la /workspace\n" })) })).toMatchObject({
      reward: 1,
      category: "A tool call that matches the expected tool call was found",
      similarity_score: 1,
    });
    const plan = row(call("update_plan", { plan: [{ step: "Inspect files", status: "pending" }] }), [PLAN]);
    expect(await verify({ ...plan, response: response(fc("update_plan", { plan: [{ step: "Implement fix", status: "in_progress" }] })) })).toMatchObject({ reward: 1, similarity_score: null });
    const batch = row({ type: "function_call_batch", calls: [call("write_stdin", { session_id: 7, chars: "" }), call("exec_command", { cmd: "pwd" })] }, [EXEC, WRITE_STDIN]);
    const v = await verify({ ...batch, response: response(fc("exec_command", { cmd: "pwd" }), fc("write_stdin", { session_id: 7 })) });
    expect(v).toMatchObject({ reward: 1, category: "A tool-call batch that matches the expected batch was found" });
    // The echo carries the batch's default `ordered`, as the reference's model does.
    expect(v.expected_action.ordered).toBe(true);
    expect(await verify({ ...row(call("exec_command", { cmd: "git status --short" })), response: response(fc("exec_command", { cmd: "git status --short", workdir: "/repo" })) })).toMatchObject({
      reward: 0,
      category: "The actual tool-call arguments contain parameter keys absent from the expected answer",
    });
  });
});

describe("terminal_multi_harness: actions and generic checks", () => {
  const exec = row(call("exec_command", { cmd: "ls -la /workspace" }));

  test("no action, an empty message, and a type mismatch", async () => {
    const reasoning = { type: "reasoning", id: "rs", summary: [{ type: "summary_text", text: "thinking" }] };
    expect(await verify({ ...exec, response: response(reasoning) })).toMatchObject({ reward: 0, category: "No tool call or chat message was found in the response", similarity_score: null });
    const message = row({ type: "message", content: "x" }, []);
    expect(await verify({ ...message, response: response(say("  \n ")) })).toMatchObject({ reward: 0, category: "The assistant message is empty after trimming whitespace" });
    // Texts of several messages are joined; a call anywhere makes the action a call.
    expect(await verify({ ...message, response: response(say(""), say("done")) })).toMatchObject({ reward: 1 });
    expect(await verify({ ...message, response: response(say("done"), fc("exec_command", { cmd: "ls" })) })).toMatchObject({ reward: 0, category: "The actual action type does not match the expected action type" });
    expect(await verify({ ...exec, response: response(say("ls -la /workspace")) })).toMatchObject({ category: "The actual action type does not match the expected action type" });
  });

  test("checks run in the reference's order: decode, schema, name, keys, rule", async () => {
    expect(await verify({ ...row(call("exec_command", "{oops")), response: response(fc("exec_command", { cmd: "x" })) })).toMatchObject({ category: "An error occurred when decoding the arguments string in a tool call as JSON" });
    expect(await verify({ ...exec, response: response(fc("exec_command", "[1, 2]")) })).toMatchObject({ category: "The decoded tool-call arguments are not a JSON object" });
    // An undeclared tool fails on its schema before its name is compared.
    expect(await verify({ ...exec, response: response(fc("shell", { cmd: "ls -la /workspace" })) })).toMatchObject({ category: "The declared tool schema for the tool call could not be found" });
    expect(await verify({ ...row(call("exec_command", { cmd: "ls" }), [EXEC, WRITE_STDIN]), response: response(fc("write_stdin", { session_id: 1 })) })).toMatchObject({
      category: "The tool in a tool call is not the expected tool",
    });
    expect(await verify({ ...exec, response: response(fc("exec_command", { cmd: 5 })) })).toMatchObject({ category: "The actual tool-call arguments are not valid under the declared tool schema" });
    expect(await verify({ ...exec, response: response(fc("exec_command", { cmd: "ls", extra: 1 })) })).toMatchObject({ category: "The actual tool-call arguments are not valid under the declared tool schema" });
  });

  test("schemas as jsonschema reads them: 7.0 is an integer, formats are not asserted, stringified lists are read", async () => {
    const stdin = row(call("write_stdin", { session_id: 7 }), [WRITE_STDIN]);
    expect(await verify({ ...stdin, response: response(fc("write_stdin", '{"session_id": 7.0}')) })).toMatchObject({ reward: 1 });
    expect(await verify({ ...stdin, response: response(fc("write_stdin", '{"session_id": 7.5}')) })).toMatchObject({ reward: 0, category: "The actual tool-call arguments are not valid under the declared tool schema" });
    const dated = tool("set_date", { when: { type: "string", format: "date" } }, ["when"]);
    expect(await verify({ ...row(call("set_date", { when: "x" }), [dated]), response: response(fc("set_date", { when: "not a date" })) })).toMatchObject({ reward: 1 });
    const finish = tool("finish", { reason: S, paths: { type: "array", items: S } }, ["reason", "paths"]);
    const stirrup = { ...row(call("finish", { reason: "Report written", paths: ["/out/b.md", "/out/a.md"] }), [finish]), harness: "stirrup" };
    expect(await verify({ ...stirrup, response: response(fc("finish", { reason: "report written ", paths: '[" /out/a.md", "/out/b.md"]' })) })).toMatchObject({ reward: 1, similarity_score: 1 });
    expect(await verify({ ...stirrup, response: response(fc("finish", { reason: "Report written", paths: ["/out/a.md"] })) })).toMatchObject({ category: "The finish paths do not match the expected paths" });
  });

  test("declared_tools, else the request's tools; an unknown harness compares keys only", async () => {
    const fallback = { ...row(call("exec_command", { cmd: "pwd" }), null), responses_create_params: { input: "x", tools: [EXEC] } };
    expect(await verify({ ...fallback, response: response(fc("exec_command", { cmd: "pwd\n" })) })).toMatchObject({ reward: 1, similarity_score: 1 });
    expect(await verify({ ...row(call("exec_command", { cmd: "pwd" }), []), responses_create_params: { input: "x", tools: [EXEC] }, response: response(fc("exec_command", { cmd: "pwd" })) })).toMatchObject({
      category: "The declared tool schema for the tool call could not be found",
    });
    expect(await verify({ ...exec, harness: "terminus", response: response(fc("exec_command", { cmd: "rm -rf /" })) })).toMatchObject({ reward: 1, similarity_score: null });
  });

  test("batches: same length, sorted by name and canonical arguments, the first failing pair decides", async () => {
    const batch = row({ type: "function_call_batch", calls: [call("exec_command", { cmd: "b" }), call("exec_command", { cmd: "a", workdir: "/w" })] }, [EXEC]);
    expect(await verify({ ...batch, response: response(fc("exec_command", '{"workdir": "/w", "cmd": "a"}'), fc("exec_command", { cmd: "b" })) })).toMatchObject({ reward: 1 });
    expect(await verify({ ...batch, response: response(fc("exec_command", { cmd: "a" })) })).toMatchObject({ category: "The actual action type does not match the expected action type" });
    expect(await verify({ ...batch, response: response(fc("exec_command", { cmd: "a" }), fc("exec_command", { cmd: "b" }), fc("exec_command", { cmd: "c" })) })).toMatchObject({
      category: "The number of tool calls in a batch is different than expected",
    });
  });
});

describe("terminal_multi_harness: rulebooks", () => {
  test("codex exec_command: difflib's ratio of the normalised commands against the row's or the config's threshold", async () => {
    const exec = row(call("exec_command", { cmd: "ls -la /workspace" }));
    const swapped = response(fc("exec_command", { cmd: "ls -al /workspace\r\n" }));
    expect(await verify({ ...exec, response: swapped })).toMatchObject({ reward: 1, similarity_score: 0.9411764705882353 });
    expect(await verify({ ...exec, threshold: 0.95, response: swapped })).toMatchObject({ reward: 0, category: "The exec_command cmd similarity is below threshold", similarity_score: 0.9411764705882353 });
    expect(await verify({ ...exec, response: swapped }, config({ string_similarity_threshold: 0.95 }))).toMatchObject({ reward: 0 });
    const plan = row(call("update_plan", { plan: [{ step: "a" }] }), [PLAN]);
    expect(await verify({ ...plan, response: response(fc("update_plan", { plan: [] })) })).toMatchObject({ reward: 0, category: "The update_plan tool call does not contain a non-empty plan argument" });
  });

  test("agent006: code by difflib ratio; return_result by the ratio of json.dumps(sort_keys=True) texts", async () => {
    const ret = tool("return_result", { result: { type: "object" } }, ["result"]);
    const result = { ...row(call("return_result", { result: { answer: 45, unit: "items" } }), [ret]), harness: "agent006" };
    // 45.0 is written "45.0" by Python: 0.96875, not 1.
    expect(await verify({ ...result, response: response(fc("return_result", '{"result": {"unit": "items", "answer": 45.0}}')) })).toMatchObject({ reward: 1, similarity_score: 0.96875 });
    const ascii = { ...row(call("return_result", { result: { note: "café" } }), [ret]), harness: "agent006" };
    // json.dumps escapes é as \u00e9 (ensure_ascii): 0.8648..., below 0.9.
    expect(await verify({ ...ascii, response: response(fc("return_result", { result: { note: "cafe" } })) })).toMatchObject({ reward: 0, similarity_score: 0.8648648648648649 });
    const py = tool("execute_python", { code: S }, ["code"]);
    const code = { ...row(call("execute_python", { code: "print(1)" }), [py]), harness: "agent006" };
    expect(await verify({ ...code, response: response(fc("execute_python", { code: "   " })) })).toMatchObject({ reward: 0, category: "The actual tool-call argument values do not match the expected answer" });
  });

  test("opencode: bash by ratio; read, glob by equal values; edit must change text; todowrite by status and priority", async () => {
    const op = (name: string, props: Record<string, unknown>, expected: unknown, actual: unknown) => ({
      ...row(call(name, expected), [tool(name, props, [])]),
      harness: "opencode",
      response: response(fc(name, actual)),
    });
    expect(await verify(op("bash", { command: S }, { command: "git status" }, { command: "git  status --short" }))).toMatchObject({ reward: 0, category: "The bash command similarity is below threshold", similarity_score: 0.6896551724137931 });
    expect(await verify(op("read", { filePath: S }, { filePath: "a.ts" }, { filePath: "b.ts" }))).toMatchObject({ reward: 0, category: "The actual tool-call argument values do not match the expected answer" });
    expect(await verify(op("glob", { pattern: S, path: S }, { pattern: "*.ts", path: "src" }, { pattern: "*.ts" }))).toMatchObject({ reward: 0 });
    const edit = { filePath: S, oldString: S, newString: S, replaceAll: { type: "boolean" } };
    expect(await verify(op("edit", edit, { filePath: "a", oldString: "x", newString: "y" }, { filePath: "a", oldString: "z", newString: "z" }))).toMatchObject({ reward: 0 });
    expect(await verify(op("edit", edit, { filePath: "a", oldString: "x", newString: "y", replaceAll: false }, { filePath: "a", oldString: "p", newString: "q" }))).toMatchObject({ reward: 0 });
    expect(await verify(op("edit", edit, { filePath: "a", oldString: "x", newString: "y" }, { filePath: "a", oldString: "p", newString: "q" }))).toMatchObject({ reward: 1 });
    const todos = { todos: { type: "array" } };
    const todo = (status: string) => ({ content: "c", status, priority: "high" });
    expect(await verify(op("todowrite", todos, { todos: [todo("pending")] }, { todos: [{ ...todo("pending"), content: "other" }] }))).toMatchObject({ reward: 1 });
    expect(await verify(op("todowrite", todos, { todos: [todo("pending")] }, { todos: [todo("done")] }))).toMatchObject({ reward: 0 });
    expect(await verify(op("todowrite", todos, { todos: [] }, { todos: [todo("done")] }))).toMatchObject({ reward: 0 });
  });

  test("stirrup: web_search by the ratio of lowercased queries; fetch_web_page by the same url", async () => {
    const st = (name: string, props: Record<string, unknown>, expected: unknown, actual: unknown) => ({
      ...row(call(name, expected), [tool(name, props, [])]),
      harness: "stirrup",
      response: response(fc(name, actual)),
    });
    expect(await verify(st("web_search", { query: S }, { query: "latest python release" }, { query: "Latest Python releases" }))).toMatchObject({ reward: 1, similarity_score: 0.9767441860465116 });
    expect(await verify(st("web_search", { query: S }, { query: "x" }, { query: "" }))).toMatchObject({ reward: 0, category: "The web_search tool call does not contain a query argument" });
    expect(await verify(st("fetch_web_page", { url: S }, { url: "https://A.example/x " }, { url: "https://a.example/x" }))).toMatchObject({ reward: 1 });
    expect(await verify(st("fetch_web_page", { url: S }, { url: "https://a.example/x" }, { url: "https://a.example/y" }))).toMatchObject({ reward: 0, category: "The fetch_web_page urls do not match the expected urls" });
    expect(await verify(st("code_exec", { cmd: S }, { cmd: "ls /data" }, { cmd: "ls /data" }))).toMatchObject({ reward: 1, similarity_score: 1 });
  });
});

describe("terminal_multi_harness: bad rows and long replies", () => {
  test("a malformed expected_action is a 400 naming the field", async () => {
    const bad = await open().post("/verify", { ...row({ type: "function_call", name: "exec_command" }), response: response() });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("expected_action");
    const unknown = await open().post("/verify", { ...row({ type: "shell", cmd: "ls" }), response: response() });
    expect(unknown.status).toBe(400);
  });

  test("a 500 KB command and a 500 KB message verify fast", async () => {
    const long = "a".repeat(250_000) + "b".repeat(250_000);
    const started = Date.now();
    const v = await verify({ ...row(call("exec_command", { cmd: long.slice(1000) })), response: response(fc("exec_command", { cmd: long })) });
    expect(v.reward).toBeTypeOf("number");
    expect(await verify({ ...row({ type: "message", content: "x" }, []), response: response(say(long)) })).toMatchObject({ reward: 1 });
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
