// litmus_agent: answer location (the fmt_XX wrappers as Python's findall reads them, output_regex),
// parsing by answer type, the reward rules with the server's float tolerances, legacy property_type
// rows, every verify field, bad rows, long replies, and the stateful Python tool against a fake sandbox.
import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/litmus_agent/index.ts";
import type { CellRequest, CellResult } from "../../../shared/sandbox/schema.ts";
import { assistantMessage, client, serverEnv } from "../../workerd/helpers.ts";
import { FAKE_SANDBOX_URL, useFakeSandboxSessions } from "../../workerd/fake_sandbox.ts";

const CONFIG = { sandbox_url: FAKE_SANDBOX_URL };

let cell: (request: CellRequest, session: string) => Partial<CellResult> = () => ({});
const sandbox = useFakeSandboxSessions((request, session) => cell(request, session));

const CODE_TOOL = {
  type: "function",
  name: "stateful_python_code_exec",
  parameters: { type: "object", properties: { code: { type: "string" } }, required: ["code"] },
};

const base = {
  responses_create_params: { input: [{ role: "user", content: "How many heavy atoms are in ethanol?\n\nCCO" }], tools: [] as object[] },
  method: "direct",
  smiles: "CCO",
  property: "HeavyAtomCount",
};
const row = (fields: Record<string, unknown>) => ({ ...base, ...fields });
const FLOAT_ROW = { expected_answer: "18.02", answer_type: "float", answer_format: "fmt_07" };

async function post(fields: Record<string, unknown>, output: object[], config: object = CONFIG) {
  const res = await client(server, serverEnv("litmus_agent", { INSTANCE_CONFIG: config })).post("/verify", { ...row(fields), response: { id: "r1", output } });
  return res;
}

async function verify(fields: Record<string, unknown>, text: string | string[], config: object = CONFIG) {
  const res = await post(fields, (Array.isArray(text) ? text : [text]).map(assistantMessage), config);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Record<string, unknown>;
}

const predicted = async (fields: Record<string, unknown>, text: string) => (await verify(fields, text)).predicted_value;
const asString = (answer_format: string) => ({ expected_answer: "x", answer_type: "string", answer_format });

describe("litmus_agent: answer formats, as re.findall reads them", () => {
  test("the last match wins; fmt_00 allows an empty capture, the others need a character", async () => {
    expect(await predicted(asString("fmt_00"), "((3)) then, correcting, ((5))")).toBe("5");
    expect(await predicted(asString("fmt_00"), "(())")).toBe("");
    expect(await predicted(asString("fmt_05"), "[[]]")).toBeNull();
    expect(await predicted(asString("fmt_05"), "[[]]]")).toBe("]");
    expect(await predicted(asString("fmt_00"), "(((x))")).toBe("(x");
    expect(await predicted(asString("fmt_07"), "\\boxed{\\frac{1}{2}}")).toBe("\\frac{1");
  });

  test("a whitespace run after the opening: greedy first, so the capture can run past an adjacent close", async () => {
    // `\(Answer:\s*(.+?)\)`: the space is taken, `.+?` takes the `)`, the match ends at the next `)`.
    expect(await predicted(asString("fmt_01"), "(Answer: ) foo (bar)")).toBe(") foo (bar");
    // With no later close, backtracking gives the space back to the capture: "" once stripped.
    expect(await predicted(asString("fmt_01"), "(Answer: )")).toBe("");
    expect(await predicted(asString("fmt_01"), "(Answer:)")).toBeNull();
    expect(await predicted(asString("fmt_15"), "<final_answer>\n  yes \n</final_answer>")).toBe("yes");
    expect(await predicted(asString("fmt_15"), "<final_answer>   </final_answer>")).toBe("");
    expect(await predicted(asString("fmt_16"), "Final Answer:  ||42|| and Final Answer: |x|")).toBe("42");
    expect(await predicted(asString("fmt_18"), "**Answer: Carboxylic acid**")).toBe("Carboxylic acid");
  });

  test("open-ended formats take the rest of the line (a newline only ends it), whitespace before it skipped across lines", async () => {
    expect(await predicted(asString("fmt_30"), "Final Answer:\n\n  carboxylic acid  \nthat is all")).toBe("carboxylic acid");
    expect(await predicted(asString("fmt_24"), "Final Answer  ->  4\rtwo")).toBe("4\rtwo");
    expect(await predicted(asString("fmt_28"), "Final Answer = 1\nFinal Answer = 2")).toBe("2");
    // The reply is stripped first: a label at its end captures nothing.
    expect(await predicted(asString("fmt_30"), "Final Answer: 1\nFinal Answer:\n\n")).toBe("1");
    // The reference's warning: a greedy format parses the last number of the line.
    expect(await predicted({ expected_answer: "42", answer_type: "float", answer_format: "fmt_30" }, "Final Answer: 42 (my 7th attempt)")).toBe(7);
  });

  test("every assistant message counts, joined; a tool's output does not (it cannot fake a pass)", async () => {
    const fields = { expected_answer: "3", answer_type: "float", answer_format: "fmt_00", match: { rule: "exact" } };
    expect((await verify(fields, ["First: ((3))", "So that is it."])).reward).toBe(1);
    const res = await post(fields, [
      { type: "function_call", call_id: "c1", name: "stateful_python_code_exec", arguments: JSON.stringify({ code: "print('((3))')" }) },
      { type: "function_call_output", call_id: "c1", output: "((3))" },
      assistantMessage("I could not tell."),
    ]);
    expect(res.body).toMatchObject({ reward: 0, predicted_value: null, correct: false });
  });

  test("output_regex (a Python pattern, DOTALL) wins over answer_format; exactly one group", async () => {
    const fields = { expected_answer: "5", answer_type: "float", answer_format: "fmt_00", output_regex: "VALUE=(?P<v>.+?);" };
    expect(await verify(fields, "((3)) VALUE=\n5; ")).toMatchObject({ reward: 1, predicted_value: 5 });
    for (const output_regex of ["VALUE=(\\d+)(;)", "VALUE=\\d+", "VALUE=(\\d+"]) {
      const res = await post({ ...fields, output_regex }, [assistantMessage("VALUE=5;")]);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain("output_regex");
    }
  });
});

describe("litmus_agent: parsing and reward rules", () => {
  test("float: float() of the capture, else its last number; isclose with the server's tolerances (text read as numbers)", async () => {
    expect(await verify(FLOAT_ROW, "\\boxed{18.0200001}")).toMatchObject({ reward: 1, correct: true, predicted_value: 18.0200001, resolved_answer_type: "float", resolved_reward_rule: "isclose" });
    expect(await verify(FLOAT_ROW, "\\boxed{ 1_8.02 }")).toMatchObject({ reward: 1, predicted_value: 18.02 });
    expect(await verify(FLOAT_ROW, "\\boxed{about 18.03 g/mol}")).toMatchObject({ reward: 0, predicted_value: 18.03 });
    expect((await verify(FLOAT_ROW, "\\boxed{18.03}", { ...CONFIG, float_rel_tol: "0.01" })).reward).toBe(1);
    expect(await verify(FLOAT_ROW, "\\boxed{nan}")).toMatchObject({ reward: 0, correct: false });
    expect(await verify(FLOAT_ROW, "\\boxed{eighteen}")).toMatchObject({ reward: 0, predicted_value: null, abs_error: null });
  });

  test("windows: a row's tolerance, else the server's (abs_window without abs_tol is float_abs_tol, not 0)", async () => {
    const win = { ...FLOAT_ROW, match: { rule: "abs_window", abs_tol: 0.1 } };
    expect(await verify(win, "\\boxed{18.1}")).toMatchObject({ reward: 1, resolved_reward_rule: "abs_window" });
    expect((await verify(win, "\\boxed{18.13}")).reward).toBe(0);
    expect((await verify({ ...FLOAT_ROW, match: { rule: "abs_window" } }, "\\boxed{18.0200005}")).reward).toBe(1);
    expect((await verify({ ...FLOAT_ROW, match: { rule: "abs_window" } }, "\\boxed{18.02001}")).reward).toBe(0);
    expect((await verify({ ...FLOAT_ROW, match: { rule: "rel_window", rel_tol: 0.01 } }, "\\boxed{18.2}")).reward).toBe(1);
    expect((await verify({ ...FLOAT_ROW, match: { rule: "rel_window", rel_tol: 0.01 } }, "\\boxed{18.3}")).reward).toBe(0);
    // An empty match is no override, as in the reference.
    expect((await verify({ ...FLOAT_ROW, match: {} }, "\\boxed{18.02}")).resolved_reward_rule).toBe("isclose");
  });

  test("exact rounds as Python's round(): halves to even", async () => {
    const exact = (expected: string) => ({ expected_answer: expected, answer_type: "float", answer_format: "fmt_00", match: { rule: "exact" } });
    expect((await verify(exact("2"), "((2.5))")).reward).toBe(1);
    expect((await verify(exact("3"), "((2.5))")).reward).toBe(0);
    expect((await verify(exact("4"), "((3.5))")).reward).toBe(1);
    expect((await verify(exact("3"), "((2.6))")).reward).toBe(1);
  });

  test("bool: word tokens, else a number's truth; string: case and whitespace runs ignored", async () => {
    const bool = { expected_answer: "true", answer_type: "bool", answer_format: "fmt_15" };
    expect(await verify(bool, "<final_answer>Yes</final_answer>")).toMatchObject({ reward: 1, predicted_value: 1, resolved_reward_rule: "bool_eq", abs_error: null });
    expect(await verify(bool, "<final_answer>absent</final_answer>")).toMatchObject({ reward: 0, predicted_value: 0 });
    expect(await verify(bool, "<final_answer>2</final_answer>")).toMatchObject({ reward: 1, predicted_value: 1 });
    expect(await verify(bool, "<final_answer>maybe</final_answer>")).toMatchObject({ reward: 0, predicted_value: null });
    expect((await verify({ ...bool, expected_answer: 0 }, "<final_answer>no</final_answer>")).reward).toBe(1);
    const str = { expected_answer: "carboxylic acid", answer_type: "string", answer_format: "fmt_18" };
    expect(await verify(str, "**Answer:  Carboxylic\n  ACID **")).toMatchObject({ reward: 1, predicted_value: "Carboxylic\n  ACID", resolved_reward_rule: "string_eq", abs_error: null });
  });

  test("legacy property_type rows: numeric parsing, rounded exact for discrete kinds; abs_error for float and count only", async () => {
    const fragment = { expected_answer: "1", property_type: "fragment", use_box_format: false };
    expect(await verify(fragment, "((1.4))")).toMatchObject({ reward: 1, predicted_value: 1.4, resolved_answer_type: "float", resolved_reward_rule: "exact", abs_error: null });
    // A legacy bool is a number: 2 is not true here, as it is for answer_type bool.
    expect(await verify({ expected_answer: "1", property_type: "bool" }, "((2))")).toMatchObject({ reward: 0, predicted_value: 2, resolved_answer_type: "bool", resolved_reward_rule: "exact" });
    expect(await verify({ expected_answer: "3", property_type: "count", use_box_format: true }, "\\boxed{5}")).toMatchObject({ reward: 0, abs_error: 2, resolved_reward_rule: "exact" });
    expect(await verify({ expected_answer: "3.5", property_type: "float" }, "((3.25))")).toMatchObject({ reward: 0, abs_error: 0.25, resolved_reward_rule: "isclose" });
    // An explicit answer_type wins over property_type; property_type still decides abs_error.
    expect(await verify({ expected_answer: "3", answer_type: "float", property_type: "fragment", answer_format: "fmt_00" }, "((3.0000001))")).toMatchObject({ reward: 1, abs_error: null, resolved_reward_rule: "isclose" });
  });

  test("every verify field, the row's own fields echoed", async () => {
    const body = await verify(FLOAT_ROW, "\\boxed{18.5}");
    expect(body).toMatchObject({ ...row(FLOAT_ROW), reward: 0, predicted_value: 18.5, correct: false, resolved_answer_type: "float", resolved_reward_rule: "isclose" });
    expect(body.abs_error as number).toBeCloseTo(0.48, 12);
  });
});

describe("litmus_agent: bad rows are 400s naming the field", () => {
  test.each([
    [{ expected_answer: "1", answer_type: "int" }, "answer_type"],
    [{ expected_answer: "1", answer_type: "float", answer_format: "fmt_31" }, "answer_format"],
    [{ expected_answer: "1", answer_type: "float", match: { rule: "fuzzy" } }, "match"],
    [{ expected_answer: "1", answer_type: "float", match: { abs_tol: 1 } }, "match"],
    [{ expected_answer: "1", property_type: "logp" }, "answer_type"],
    [{ expected_answer: "1" }, "answer_type"],
    [{ answer_type: "float" }, "expected_answer"],
  ])("%j", async (fields, path) => {
    const res = await post(fields, [assistantMessage("((1))")]);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(path);
  });
});

describe("litmus_agent: long replies stay linear", () => {
  const big = 500_000;
  test.each([
    ["fmt_00", "(".repeat(big)],
    ["fmt_15", `<final_answer>x${" ".repeat(big)}`],
    ["fmt_15", `${"<final_answer>".repeat(big / 14)}`],
    ["fmt_01", `(Answer:${" ".repeat(big)}`],
    ["fmt_16", `${"Final Answer: ".repeat(big / 14)}`],
    ["fmt_30", `Final Answer:${"\n".repeat(big)}`],
    ["fmt_24", `${"Final Answer ".repeat(big / 13)}`],
  ])("%s on a 500 KB reply", async (answer_format, text) => {
    const started = Date.now();
    const body = await verify({ expected_answer: "1", answer_type: "float", answer_format }, text);
    expect(body.reward).toBe(0);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  test("a 500 KB reply with its answer at the end", async () => {
    // One match from the first \boxed{ to the only }: its last number is the answer.
    const body = await verify(FLOAT_ROW, `${"\\boxed{1".repeat(50_000)} \\boxed{18.02}`);
    expect(body.predicted_value).toBe(18.02);
    const tail = await verify(FLOAT_ROW, `${"((".repeat(250_000)}\\boxed{18.02}`);
    expect(tail.reward).toBe(1);
  });
});

describe("litmus_agent: stateful_python_code_exec", () => {
  const toolRow = { ...FLOAT_ROW, responses_create_params: { ...base.responses_create_params, tools: [CODE_TOOL] } };

  async function rollout() {
    const s = client(server, serverEnv("litmus_agent", { INSTANCE_CONFIG: CONFIG }));
    const seeded = await s.post("/seed_session", row(toolRow));
    expect(seeded.body).toEqual({ callable_tools: ["stateful_python_code_exec"] });
    return s;
  }

  /** A cell's output as the model reads it: the tool answers plain text, as the reference's does. */
  async function exec(s: Awaited<ReturnType<typeof rollout>>, code: string): Promise<string> {
    const res = await s.send("/stateful_python_code_exec", { code });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    return res.text();
  }

  test("stdout then stderr (traceback included), cut at code_exec_max_output_chars; the rollout keeps one interpreter", async () => {
    cell = (request) => (request.code.includes("1/0") ? { stderr: "", error: "ZeroDivisionError: division by zero", traceback: "Traceback ...\nZeroDivisionError: division by zero\n" } : { stdout: "18.02\n", result: "ignored" });
    const s = await rollout();
    expect(await exec(s, "x = 18.02\nprint(x)")).toBe("18.02\n");
    expect(await exec(s, "1/0")).toBe("Traceback ...\nZeroDivisionError: division by zero\n");
    expect(new Set(sandbox.cells.map((c) => c.session)).size).toBe(1);
    expect(sandbox.cells[0]!.request.limits).toMatchObject({ wall_s: 120, memory_mb: 1024 });
    cell = () => ({ stdout: "a".repeat(10_005) });
    expect(await exec(s, "print('a' * 10005)")).toBe(`${"a".repeat(10_000)}\n... [output truncated to 10000 chars]`);
    // Verify scores the reply and ends the interpreter.
    const scored = await s.post("/verify", { ...row(toolRow), response: { id: "r1", output: [assistantMessage("\\boxed{18.02}")] } });
    expect(scored.body).toMatchObject({ reward: 1 });
    expect(sandbox.closed).toEqual([sandbox.cells[0]!.session]);
  });

  test("the sandbox is sent the model's code only: never the expected answer or the row", async () => {
    cell = () => ({ stdout: "" });
    const s = await rollout();
    await exec(s, "import os; print(os.environ)");
    const sent = JSON.stringify(sandbox.cells);
    expect(sent).not.toContain("18.02");
    expect(sent).not.toContain("expected_answer");
  });

  test("a timed-out cell says its interpreter was reset", async () => {
    cell = () => ({ timed_out: true, session_ended: true, stdout: "partial" });
    const s = await rollout();
    expect(await exec(s, "while True: pass")).toBe("partial\nthe cell ran past 120 s and was stopped; the session was reset, so earlier variables are gone");
  });

  test("a tool call without a seeded session is refused and runs nothing", async () => {
    const res = await client(server, serverEnv("litmus_agent", { INSTANCE_CONFIG: CONFIG })).post("/stateful_python_code_exec", { code: "print(1)" });
    expect(res.status).toBe(400);
    expect(sandbox.cells).toEqual([]);
  });
});
