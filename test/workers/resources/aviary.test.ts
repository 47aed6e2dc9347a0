import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/aviary/index.ts";
import { evaluate, floatRepr } from "../../../workers/resources/aviary/python_calc.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";

const open = () => client(server, serverEnv("gsm8k_aviary_resources_server"));
const fc = (call_id: string, name: string, args: unknown) => ({ type: "function_call", call_id, name, arguments: typeof args === "string" ? args : JSON.stringify(args) });
const row = (task_idx: number) => ({ task_idx, responses_create_params: { input: [] }, agent_ref: { type: "responses_api_agents", name: "gsm8k_aviary_agent" } });

/** The calculator's answer as the reference prints it, or "error". */
function calc(expr: string): string {
  try {
    const value = evaluate(expr);
    if ("int" in value) return value.int.toString();
    return Number.isInteger(value.float) ? BigInt(value.float).toString() : floatRepr(value.float);
  } catch {
    return "error";
  }
}

async function seeded(task_idx = 1) {
  const s = open();
  const seed = await s.post("/seed_session", { task_idx });
  expect(seed.status).toBe(200);
  const step = (action: unknown[]) => s.post("/step", { env_id: seed.body.env_id, action });
  return { s, seed: seed.body, step };
}

describe("aviary: the calculator evaluates Python", () => {
  test("ints are exact, / is true division, // and % floor toward minus infinity", () => {
    expect(calc("12 * (50 / 60)")).toBe("10");
    expect(calc("2**100")).toBe("1267650600228229401496703205376");
    expect(calc("-7//2")).toBe("-4");
    expect(calc("7%-3")).toBe("-2");
    expect(calc("-7.5%2")).toBe("0.5");
    expect(calc("7.5%-2")).toBe("-0.5");
    expect(calc("0.5//0.1")).toBe("4");
    expect(calc("8 // -3")).toBe("-3");
  });

  test("precedence: unary minus binds looser than **, which is right-associative", () => {
    expect(calc("-2**2")).toBe("-4");
    expect(calc("2**-2**2")).toBe("0.0625");
    expect(calc("+-+3")).toBe("-3");
  });

  test("floats print as Python's repr: whole ones as ints, exponent form below 1e-4", () => {
    expect(calc("1/3")).toBe("0.3333333333333333");
    expect(calc("0.1+0.2")).toBe("0.30000000000000004");
    expect(calc("1/100000")).toBe("1e-05");
    expect(calc("1.5e-7*1")).toBe("1.5e-07");
    expect(calc("1e16/1")).toBe("10000000000000000");
    expect(calc("2**0.5*2**0.5")).toBe("2.0000000000000004");
    expect(floatRepr(1e16 + 0.5)).toBe("1e+16");
  });

  test("round is half to even on the exact double; min/max keep the first of equals; keywords are ignored", () => {
    expect(calc("round(2.5)")).toBe("2");
    expect(calc("round(3.5)")).toBe("4");
    expect(calc("round(2.675, 2)")).toBe("2.67");
    expect(calc("round(0.125, 2)")).toBe("0.12");
    expect(calc("round(0.375, 2)")).toBe("0.38");
    expect(calc("round(1250, -2)")).toBe("1200");
    expect(calc("round(1350, -2)")).toBe("1400");
    expect(calc("round(2.567, ndigits=1)")).toBe("3");
    expect(calc("round(2.5, 1.0)")).toBe("error");
    expect(calc("max(1, 1.0)")).toBe("1");
    expect(calc("min(3)")).toBe("error");
    expect(calc("sum(1, 2)")).toBe("error");
  });

  test("Python's literals and layout: hex, underscores, True, comments, breaks inside brackets only", () => {
    expect(calc("0x10 + 0o7 + 0b11")).toBe("26");
    expect(calc("1_000 * 2")).toBe("2000");
    expect(calc("True + 1")).toBe("2");
    expect(calc("1 + 1 # it's two")).toBe("2");
    expect(calc("(1 +\n 2)")).toBe("3");
    expect(calc("1\n+2")).toBe("error");
    expect(calc("012")).toBe("error");
  });

  test("everything else is an error: names, tuples, strings, comparisons, complex and overflowing results", () => {
    for (const expr of ["pi", "x + 1", "1,000", "$5", "(1, 2)", "'a'", "5 == 5", "not 1", "math.sqrt(4)", "2(3)", "abs(1)(2)", "1j", "None", "(-8)**0.5", "1/0", "5//0", "0**-1", "10.0**400", "lambda: 1"]) {
      expect(calc(expr), expr).toBe("error");
    }
  });
});

describe("aviary: the GSM8k environment", () => {
  test("seed_session answers the environment's id, the problem as a user message, and the two strict tools", async () => {
    const { seed } = await seeded(1);
    expect(typeof seed.env_id).toBe("string");
    expect(seed.obs).toEqual([{ type: "message", role: "user", content: expect.stringMatching(/^Betty is saving money for a new wallet/) }]);
    expect(seed.tools.map((t: any) => [t.name, t.type, t.strict, t.parameters.required, t.parameters.additionalProperties])).toEqual([
      ["calculator", "function", true, ["expr"], false],
      ["submit_answer", "function", true, ["answer"], false],
    ]);
  });

  test("Betty's recorded episode: parallel calculator calls score 0 each, a right submission 1; verify sums the steps", async () => {
    const { s, seed, step } = await seeded(1);
    const first = await step([fc("a", "calculator", { expr: "100 / 2" }), fc("b", "calculator", { expr: "15 * 2" })]);
    expect(first.body).toEqual({ obs: [{ type: "function_call_output", call_id: "a", output: "50" }, { type: "function_call_output", call_id: "b", output: "30" }], reward: 0, done: false });
    expect((await step([fc("c", "calculator", { expr: "50 + 15 + 30" })])).body.obs[0].output).toBe("95");
    const submit = await step([fc("d", "submit_answer", { answer: "5" })]);
    expect(submit.body).toEqual({ obs: [{ type: "function_call_output", call_id: "d", output: "True" }], reward: 1, done: true });
    expect((await s.post("/close", { env_id: seed.env_id })).body).toEqual({ message: "Success", success: true });
    const response = { id: "r", output: [[{ role: "user", content: "q", type: "message" }]], env_id: seed.env_id, group_id: "1", contains_transitions: true };
    const verified = await s.post("/verify", { ...row(1), response });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ ...row(1), response, reward: 1 });
  });

  test("the reference's other recorded episodes: each calculator output as recorded, no submission, total 0", async () => {
    const recorded: [number, [string, string][][]][] = [
      [0, [[["12 * (50 / 60)", "10"]]]],
      [2, [[["12*2", "24"]], [["120 - 12 - 24", "84"]], [["84 / 2", "42"]]]],
      [3, [[["3 * 2 * 2 * 52", "624"]]]],
      [4, [[["2 * 16", "32"], ["2 * 8", "16"]], [["32 + 16", "48"]]]],
    ];
    for (const [taskIdx, turns] of recorded) {
      const { s, seed, step } = await seeded(taskIdx);
      for (const turn of turns) {
        const answer = await step(turn.map(([expr], i) => fc(`c${i}`, "calculator", { expr })));
        expect(answer.body.obs.map((o: any) => o.output)).toEqual(turn.map(([, output]) => output));
      }
      const response = { id: "r", output: [], env_id: seed.env_id, group_id: String(taskIdx), contains_transitions: true };
      expect((await s.post("/verify", { ...row(taskIdx), response })).body.reward).toBe(0);
    }
  });

  test("a wrong answer scores 0, a non-number -1; answers are read as Python's float() reads them", async () => {
    const answer = async (text: unknown) => (await (await seeded(1)).step([fc("x", "submit_answer", { answer: text })])).body;
    expect(await answer("6")).toMatchObject({ reward: 0, done: true, obs: [{ output: "False" }] });
    expect(await answer("$5")).toMatchObject({ reward: -1, done: true, obs: [{ output: "False" }] });
    expect(await answer("5,0")).toMatchObject({ reward: -1 });
    expect(await answer(" 5.0000 ")).toMatchObject({ reward: 1 });
    expect(await answer("5_0e-1")).toMatchObject({ reward: 1 });
    // Relative: within 1e-4 of the truth's size (5.0004 is right, 5.0006 is not).
    expect(await answer("5.0004")).toMatchObject({ reward: 1 });
    expect(await answer("5.0006e0")).toMatchObject({ reward: 0 });
    expect(await answer("nan")).toMatchObject({ reward: 0 });
    expect(await answer(5)).toMatchObject({ reward: 1 });
  });

  test("a calculator error is a tool failure that ends the episode; the total counts every step", async () => {
    const { s, seed, step } = await seeded(0);
    await step([fc("a", "calculator", { expr: "12 * 50 / 60" })]);
    const bad = await step([fc("b", "calculator", { expr: "12 * x" })]);
    expect(bad.body).toMatchObject({ reward: -1, done: true });
    expect(bad.body.obs[0].output).toMatch(/^Error using calculator: ValueError\(["']Invalid mathematical expression: /);
    const response = { id: "r", output: [], env_id: seed.env_id, group_id: "0", contains_transitions: false };
    expect((await s.post("/verify", { ...row(0), response })).body.reward).toBe(-1);
  });

  test("unknown tools answer empty and score -1 each only when no known tool ran; no call at all is -1; bad JSON is told and not applied", async () => {
    const { step } = await seeded(1);
    expect((await step([fc("u", "search", {}), fc("c", "calculator", { expr: "1+1" })])).body).toEqual({
      obs: [{ type: "function_call_output", call_id: "c", output: "2" }, { type: "function_call_output", call_id: "u", output: "" }],
      reward: 0,
      done: false,
    });
    expect((await step([fc("u", "search", {}), fc("v", "lookup", {})])).body).toMatchObject({ reward: -2, done: true });
    expect((await step([])).body).toMatchObject({ reward: -1, done: true, obs: [{ role: "user" }] });
    expect((await step([fc("j", "calculator", "{not json")])).body).toMatchObject({ reward: 0, done: false, obs: [{ role: "user" }] });
    expect((await step([fc("k", "calculator", { expression: "1+1" })])).body).toMatchObject({ reward: -1, done: true });
  });

  test("verify in a session that never ran the environment, or naming another, is a 409, never a 0", async () => {
    const s = open();
    const response = { id: "r", output: [], env_id: "nope", group_id: "0", contains_transitions: true };
    expect((await s.post("/verify", { ...row(0), response })).status).toBe(409);
    const { s: seededSession } = await seeded(0);
    expect((await seededSession.post("/verify", { ...row(0), response })).status).toBe(409);
  });

  test("a step after /close is refused; a second close says it was not open", async () => {
    const { s, seed, step } = await seeded(2);
    expect((await s.post("/close", { env_id: seed.env_id })).body.success).toBe(true);
    expect((await step([fc("a", "calculator", { expr: "1" })])).status).toBe(409);
    expect((await s.post("/close", { env_id: seed.env_id })).body.success).toBe(false);
  });

  test("bad rows: 400 naming the field", async () => {
    const missing = await open().post("/seed_session", {});
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain("task_idx");
    const negative = await open().post("/seed_session", { task_idx: -1 });
    expect(negative.status).toBe(400);
    expect(JSON.stringify(negative.body)).toContain("task_idx");
    const beyond = await open().post("/seed_session", { task_idx: 99 });
    expect(beyond.status).toBe(400);
    expect(JSON.stringify(beyond.body)).toContain("task_idx");
    const { s, seed } = await seeded(0);
    const noAction = await s.post("/step", { env_id: seed.env_id, action: "calculator" });
    expect(noAction.status).toBe(400);
    expect(JSON.stringify(noAction.body)).toContain("action");
  });

  test("ints Python could not print (over 4300 digits) fail the tool; ints growing past 100,000 bits are refused as they arise", async () => {
    const { step } = await seeded(1);
    expect((await step([fc("a", "calculator", { expr: "10**4299" })])).body).toMatchObject({ reward: 0, done: false });
    expect((await step([fc("b", "calculator", { expr: "10**5000 // 10**4990" })])).body.obs[0].output).toBe("10000000000");
    expect((await step([fc("c", "calculator", { expr: "10**4300" })])).body).toMatchObject({ reward: -1, done: true });
    expect(calc("2**99999 * 2**99999 * 2**99999")).toBe("error");
  });

  test("a 500 KB hostile expression or answer is answered quickly", async () => {
    const { step } = await seeded(1);
    const started = Date.now();
    for (const text of ["(".repeat(500_000), "1+".repeat(250_000) + "1", "9".repeat(500_000), " ".repeat(500_000) + "x", "1_".repeat(250_000)]) {
      expect((await step([fc("h", "calculator", { expr: text })])).status).toBe(200);
      expect((await step([fc("h", "submit_answer", { answer: text })])).status).toBe(200);
    }
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
