// math_with_code against a fake sandbox: execute_python's answers, the sandbox session a rollout
// keeps, its closing, and /verify's extraction and grading.
import { env } from "cloudflare:workers";
import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/math_with_code/index.ts";
import { ExecutePythonAnswer, TRUNCATED } from "../../../workers/resources/math_with_code/tool_answer.ts";
import type { CellRequest, CellResult } from "../../../shared/sandbox/schema.ts";
import { assistantMessage, client, serverEnv } from "../../workerd/helpers.ts";
import { FAKE_SANDBOX_URL, useFakeSandboxSessions } from "../../workerd/fake_sandbox.ts";
import { cookieScope, newSessionId, signSession } from "../../../shared/session/cookie.ts";

const CONFIG = { sandbox_url: FAKE_SANDBOX_URL };

let cell: (request: CellRequest, session: string) => Partial<CellResult> = () => ({});
const sandbox = useFakeSandboxSessions((request, session) => cell(request, session));

const EXECUTE_PYTHON = {
  type: "function",
  name: "execute_python",
  parameters: { type: "object", properties: { code: { type: "string" } }, required: ["code"] },
};
const row = (expected_result: string) => ({
  responses_create_params: { input: [{ role: "user", content: "What is six times seven?" }], tools: [EXECUTE_PYTHON] },
  expected_result,
});

/** A rollout's client, its session seeded. */
async function rollout(config: object = CONFIG) {
  const s = client(server, serverEnv("math_with_code", { INSTANCE_CONFIG: config }));
  const seeded = await s.post("/seed_session", row("42"));
  expect(seeded.body).toEqual({ callable_tools: ["execute_python"] });
  return s;
}

async function execute(s: Awaited<ReturnType<typeof rollout>>, code: string) {
  const res = await s.post("/execute_python", { code });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  // Exactly NeMo Gym's fields.
  return ExecutePythonAnswer.strict().parse(res.body);
}

const toolCall = (callId: string, code: string) => ({ type: "function_call", call_id: callId, name: "execute_python", arguments: JSON.stringify({ code }) });
const toolOutput = (callId: string, output: string) => ({ type: "function_call_output", call_id: callId, output });
const stdoutOutput = (callId: string, stdout: string) => toolOutput(callId, JSON.stringify({ success: true, stdout, stderr: "", error_message: null, result: null }));

async function verify(output: object[], expected = "42", s?: Awaited<ReturnType<typeof rollout>>) {
  const c = s ?? client(server, serverEnv("math_with_code", { INSTANCE_CONFIG: CONFIG }));
  const res = await c.post("/verify", { ...row(expected), response: { id: "r1", output } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
const say = (text: string) => verify([assistantMessage(text)]);

describe("math_with_code: execute_python", () => {
  test("answers NeMo Gym's fields; the cell runs under the config's limits", async () => {
    cell = () => ({ stdout: "six times seven\n", result: "42" });
    const s = await rollout();
    expect(await execute(s, "print('six times seven')\n6 * 7")).toEqual({ success: true, stdout: "six times seven\n", stderr: "", error_message: null, result: "42" });
    expect(sandbox.cells).toHaveLength(1);
    const { request } = sandbox.cells[0]!;
    expect(request.code).toBe("print('six times seven')\n6 * 7");
    expect(request.limits).toMatchObject({ wall_s: 10, cpu_s: 60, memory_mb: 1024, output_bytes: 4 * 4097 });
    expect(request.idle_ttl_s).toBe(300);
  });

  test("stdout, stderr and the result are cut at max_output_chars each, and marked", async () => {
    cell = () => ({ stdout: "a".repeat(25), stderr: "b".repeat(10), result: "c".repeat(11) });
    const s = await rollout({ ...CONFIG, max_output_chars: 10, max_execution_time: 3, memory_mb: 256 });
    expect(await execute(s, "print('a' * 25)")).toMatchObject({ success: true, stdout: `${"a".repeat(10)}${TRUNCATED}`, stderr: "b".repeat(10), result: `${"c".repeat(10)}${TRUNCATED}` });
    // The sandbox keeps more than is shown, so what it cut is always marked here.
    expect(sandbox.cells[0]!.request.limits).toMatchObject({ wall_s: 3, memory_mb: 256, output_bytes: 44 });
  });

  test("the interpreter is the rollout's: one sandbox session per server session", async () => {
    const a = await rollout();
    const b = await rollout();
    await execute(a, "x = 1");
    await execute(b, "x = 2");
    await execute(a, "x");
    const [a1, b1, a2] = sandbox.cells;
    expect(a2!.session).toBe(a1!.session);
    expect(b1!.session).not.toBe(a1!.session);
    expect(sandbox.cells.map((c) => c.request.code)).toEqual(["x = 1", "x = 2", "x"]);
  });

  test("an exception: success false, its line as error_message, the traceback in stderr", async () => {
    const traceback = 'Traceback (most recent call last):\n  File "<cell>", line 1, in <module>\nZeroDivisionError: division by zero\n';
    cell = () => ({ stdout: "before\n", stderr: traceback, error: "ZeroDivisionError: division by zero", traceback });
    const s = await rollout();
    expect(await execute(s, "print('before')\n1 / 0")).toEqual({ success: false, stdout: "before\n", stderr: traceback, error_message: "ZeroDivisionError: division by zero", result: null });
    // A sandbox that left the traceback out of stderr: it is added.
    cell = () => ({ stderr: "warning\n", error: "ZeroDivisionError: division by zero", traceback });
    expect((await execute(s, "1 / 0")).stderr).toBe(`warning\n${traceback}`);
  });

  test("a timeout or an ended interpreter says so, and that the variables are gone", async () => {
    const s = await rollout();
    cell = () => ({ timed_out: true, session_ended: true, error: "the cell ran past its 10 s limit" });
    expect(await execute(s, "while True: pass")).toEqual({
      success: false,
      stdout: "",
      stderr: "",
      error_message: "execution timed out after 10 s; the session was restarted, so earlier variables are gone",
      result: null,
    });
    cell = () => ({ session_ended: true, error: "the session used up its 60 s of CPU time" });
    expect((await execute(s, "spin()")).error_message).toBe("the session used up its 60 s of CPU time; the next execution starts a new session, so earlier variables are gone");
  });

  test("a sandbox that cannot run the cell: the tool answers 503 sandbox_failed, and /verify is unaffected", async () => {
    for (const down of [async () => new Response("boom", { status: 500 }), async () => Promise.reject(new TypeError("connection refused"))]) {
      const s = await rollout();
      globalThis.fetch = down as typeof fetch;
      const res = await s.post("/execute_python", { code: "1 + 1" });
      expect(res.status).toBe(503);
      expect(res.body.error.type).toBe("sandbox_failed");
      // Its interpreter cannot be ended either: left to the sandbox's idle timeout.
      expect(await verify([assistantMessage("\\boxed{42}")], "42", s)).toMatchObject({ reward: 1, extracted_answer: "42", accuracy: true });
      expect((await s.post("/end_session", {})).body).toEqual({ success: true, stdout: "", stderr: "", error_message: null, result: null });
      expect((await s.post("/close_session", {})).status).toBe(200);
    }
  });

  test("a config without sandbox_url, or a sandbox deadline within the cell's limit, is refused", async () => {
    const run = async (config: object) => (await rollout(config)).post("/execute_python", { code: "1" });
    expect((await run({})).status).toBe(500);
    const res = await run({ ...CONFIG, sandbox_timeout_s: 10, max_execution_time: 10 });
    expect(res.status).toBe(500);
    expect(res.body.error.message).toContain("sandbox_timeout_s");
  });
});

describe("math_with_code: a tool call needs a seeded, open session", () => {
  test("a closed session, a signed cookie for one never seeded, or none: 400 session_not_seeded, and no interpreter opens", async () => {
    cell = () => ({ stdout: "ran\n" });
    const s = await rollout();
    await execute(s, "x = 1");
    const closed = s.jar.header()!;
    expect((await s.post("/close_session", {})).status).toBe(200);
    const unseeded = `session=${await signSession(env.SESSION_SECRET, cookieScope("math_with_code", undefined), newSessionId())}`;
    const cells = sandbox.cells.length;
    const none = client(server, serverEnv("math_with_code", { INSTANCE_CONFIG: CONFIG }));
    for (const [path, body] of [["/execute_python", { code: "print('ran')" }], ["/end_session", {}]] as const) {
      for (const res of [await s.send(path, body, { headers: { cookie: closed } }), await s.send(path, body, { headers: { cookie: unseeded } }), await none.send(path, body)]) {
        expect(res.status, path).toBe(400);
        expect(await res.json()).toEqual({ error: { type: "session_not_seeded", message: "Session not initialized. Please call seed_session first." } });
      }
    }
    expect(sandbox.cells).toHaveLength(cells);
  });
});

describe("math_with_code: the interpreter ends with the rollout", () => {
  test("end_session ends it, and the next cell starts afresh", async () => {
    const s = await rollout();
    await execute(s, "x = 1");
    expect((await s.post("/end_session", {})).body).toEqual({ success: true, stdout: "", stderr: "", error_message: null, result: null });
    await execute(s, "x");
    const [first, second] = sandbox.cells;
    expect(sandbox.closed).toEqual([first!.session]);
    expect(second!.session).toBe(first!.session);
  });

  test("/close_session and /verify each end it", async () => {
    const closing = await rollout();
    await execute(closing, "x = 1");
    expect((await closing.post("/close_session", {})).status).toBe(200);
    const verifying = await rollout();
    await execute(verifying, "x = 1");
    await verify([assistantMessage("\\boxed{42}")], "42", verifying);
    expect(sandbox.closed).toEqual(sandbox.cells.map((c) => c.session));
  });

  test("a verify without a session has no interpreter to end", async () => {
    await say("\\boxed{42}");
    expect(sandbox.closed).toEqual([]);
  });
});

describe("math_with_code: verify", () => {
  test("the last box of a message, braces matched; NeMo Gym's fields", async () => {
    expect(await say("So it is \\boxed{\\frac{1}{2}}.")).toMatchObject({ reward: 0, extracted_answer: "\\frac{1}{2}", accuracy: false });
    expect(await verify([assistantMessage("A draft \\boxed{41}, then \\boxed{ 42 }.")])).toMatchObject({ reward: 1, extracted_answer: "42", accuracy: true, expected_code_contains: "" });
    expect(await say("\\boxed{\\left\\{ 42 \\right\\}}")).toMatchObject({ extracted_answer: "\\left\\{ 42 \\right\\}" });
  });

  test("the latest message with a box wins; tool outputs only when no message has one", async () => {
    const output = [assistantMessage("I guess \\boxed{42}."), toolCall("c1", "print(6 * 7)"), stdoutOutput("c1", "\\boxed{7}\n"), assistantMessage("Done.")];
    expect(await verify(output)).toMatchObject({ reward: 1, extracted_answer: "42" });
    const fromTools = [toolCall("c1", "..."), stdoutOutput("c1", "\\boxed{42}\n"), toolCall("c2", "..."), stdoutOutput("c2", "no box"), assistantMessage("See above.")];
    expect(await verify(fromTools)).toMatchObject({ reward: 1, extracted_answer: "42" });
    // An output that is not a tool answer is read as it is.
    expect(await verify([toolCall("c1", "..."), toolOutput("c1", "raw \\boxed{42}")])).toMatchObject({ extracted_answer: "42" });
  });

  test("no answer: reward 0 and extracted_answer null (no box, an empty box, a last box left open)", async () => {
    for (const text of ["The answer is 42.", "\\boxed{ }", "\\boxed{42} and then \\boxed{4"]) {
      expect(await say(text)).toMatchObject({ reward: 0, extracted_answer: null, accuracy: false });
    }
    expect(await verify([])).toMatchObject({ reward: 0, extracted_answer: null });
  });

  test("graded by math equivalence; the expected result's \\( \\) or $ $ does not get in the way", async () => {
    const grade = async (expected: string, boxed: string) => (await verify([assistantMessage(`\\boxed{${boxed}}`)], expected)).reward;
    expect(await grade("\\(42\\)", "42")).toBe(1);
    expect(await grade("$42$", "42")).toBe(1);
    expect(await grade("42", "42.0")).toBe(1);
    expect(await grade("\\(\\frac{5}{12}\\)", "5/12")).toBe(1);
    expect(await grade("0.5", "\\frac{1}{2}")).toBe(1);
    expect(await grade("\\(42\\)", "41")).toBe(0);
  });
});
