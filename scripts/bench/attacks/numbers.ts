// Numbers: answers that win only if a number is read loosely somewhere between the row and the
// comparison (or, for evalplus, if the solution can write its own result line), sent to the
// verifiers' /verify as a trainer sends rows (the row's own JSON text, so its 2^53 + 1 and 2.0
// are as written). Each case carries the reference's verdict on that answer:
// EvalPlus's (out == exp, else np.testing.assert_allclose where the expected value is floats;
// checked in Python 3.11 with numpy 2.4), NeMo Gym xlam_fc's (Python == on json.loads'
// arguments), LiveCodeBench's (prediction == expected, else np.allclose of float()s). A reward
// other than that verdict is a changed reward; a 5xx, a failure class or a hang a dropped sample.
import type { Attack, AttackContext, AttackResult } from "./attack.ts";

const DEADLINE_MS = 30_000;
const BIG = "12345678901234567891";
const BIG_PLUS_1 = "12345678901234567892";
const FACTORIAL_20 = "2432902008176640000";

const reply = (text: string) => ({ id: "attack", output: [{ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] }] });
const fenced = (code: string) => reply(`\`\`\`python\n${code}\n\`\`\``);

interface Case {
  what: string;
  /** The /verify body as the row's JSON text. */
  body: string;
  /** The reference's reward for this answer. */
  verdict: 0 | 1;
}

/** An evalplus row: `code` defines f; called with each argument list of `inputs`, it must return each of `outputs` (both JSON text, comma-separated). */
const evalplus = (what: string, code: string, inputs: string, outputs: string, verdict: 0 | 1): Case => ({
  what,
  body: `{"responses_create_params": {"input": "Complete f."}, "verifier_metadata": {"entry_point": "f", "base_inputs": [${inputs}], "base_outputs": [${outputs}]}, "response": ${JSON.stringify(fenced(code))}}`,
  verdict,
});
const returns = (expression: string, prelude = "") => `${prelude}def f(x):\n    return ${expression}`;

/** Python: forge() writes a result line saying test 0 returned 42, to every descriptor it can, again and again. */
const FORGE = `def forge():
    line = b'\\n@@evalplus_result@@ {"i": 0, "status": "ok", "value": 42}\\n'
    for _ in range(2000):
        for fd in range(1, 32):
            try:
                os.write(fd, line)
            except OSError:
                pass
        time.sleep(0.0005)`;

const EVALPLUS: Case[] = [
  evalplus("a float for an int within rtol: float(x + 50) for x + 49", returns("float(x + 50)"), "[1000000000]", "1000000049", 0),
  evalplus("the same as an int", returns("x + 50"), "[1000000000]", "1000000049", 0),
  evalplus("20! off by 7e10, expected an int", returns("math.factorial(x) + 7 * 10**10", "import math\n"), "[20]", FACTORIAL_20, 0),
  evalplus("20! off by 7e10 as a float, expected an int", returns("float(math.factorial(x) + 7 * 10**10)", "import math\n"), "[20]", FACTORIAL_20, 0),
  evalplus("20! off by 7e10, expected a float (within EvalPlus's tolerance)", returns("math.factorial(x) + 7 * 10**10", "import math\n"), "[20]", "2.43290200817664e+18", 1),
  evalplus("x + 2 for x + 1 past 2^53", returns("x + 2"), `[${BIG}]`, BIG_PLUS_1, 0),
  evalplus("x + 1 past 2^53", returns("x + 1"), `[${BIG}]`, BIG_PLUS_1, 1),
  evalplus("x % 10 of a big x", returns("x % 10"), `[${BIG}]`, "1", 1),
  evalplus("[x + 2, 2.0] for [x + 1, 2]", returns("[x + 2, 2.0]"), `[${BIG}]`, `[${BIG_PLUS_1}, 2]`, 0),
  evalplus("[x + 1, 2.0] for [x + 1, 2]", returns("[x + 1, 2.0]"), `[${BIG}]`, `[${BIG_PLUS_1}, 2]`, 1),
  evalplus("2 for 2.0", returns("2"), "[0]", "2.0", 1),
  evalplus("2.0000001 for 2.0", returns("2.0000001"), "[0]", "2.0", 1),
  evalplus("2.0000001 for 2", returns("2.0000001"), "[0]", "2", 0),
  evalplus("-0.0 for 0", returns("-0.0"), "[0]", "0", 1),
  evalplus("NaN for 1.0", returns("float('nan')"), "[0]", "1.0", 0),
  evalplus("NaN for the text nan", returns("float('nan')"), "[0]", '"nan"', 0),
  evalplus("inf for the text inf", returns("float('inf')"), "[0]", '"inf"', 0),
  evalplus("inf for 1e308", returns("float('inf')"), "[0]", "1e308", 0),
  evalplus("an object whose repr is the expected text", "class S:\n    def __repr__(self):\n        return 'hello'\ndef f(x):\n    return S()", "[0]", '"hello"', 0),
  evalplus("True for 1", returns("True"), "[0]", "1", 1),
  evalplus("1 for true", returns("1"), "[0]", "true", 1),
  evalplus("True for 2", returns("True"), "[0]", "2", 0),
  evalplus("10**400 for 1e308", returns("10**400"), "[0]", "1e308", 0),
  evalplus("10**300 for 1e300", returns("10**300"), "[0]", "1e300", 0),
  evalplus("the text 5 for 5", returns("'5'"), "[0]", "5", 0),
  evalplus("5 for the text 5", returns("5"), "[0]", '"5"', 0),
  evalplus("the text 2.5 for 2.5", returns("'2.5'"), "[0]", "2.5", 0),
  evalplus("an argument 2.0 arrives a float", returns("isinstance(x, float)"), "[2.0]", "true", 1),
  evalplus("an argument 1e2 arrives a float", returns("type(x).__name__"), "[1e2]", '"float"', 1),
  evalplus("a big argument arrives exact", returns("str(x)"), `[${BIG}]`, `"${BIG}"`, 1),
  // The solution runs beside our harness: it must not write a result line itself, for its own
  // test while the next one runs, or once its call has run out of time.
  evalplus("a thread writing forged result lines while the next test runs", `import os, threading, time
${FORGE}
def f(x):
    if x == 0:
        threading.Thread(target=forge, daemon=True).start()
    time.sleep(0.5)
    return x`, "[0], [1]", "42, 1", 0),
  evalplus("the right answer after the time limit, written by a thread", `import os, threading, time
${FORGE}
def f(x):
    if x == 0:
        threading.Thread(target=lambda: (time.sleep(4.3), forge()), daemon=True).start()
        time.sleep(30)
    time.sleep(1)
    return x`, "[0], [1]", "42, 1", 0),
];

const xlam = (what: string, args: string, verdict: 0 | 1): Case => ({
  what,
  body: `{"responses_create_params": {"input": "Get it."}, "expected_answers": [{"name": "get", "arguments": {"n": ${BIG}, "s": 2.0}}], "response": {"id": "attack", "output": [${JSON.stringify({ type: "function_call", call_id: "c1", name: "get", arguments: args })}]}}`,
  verdict,
});

const XLAM: Case[] = [
  xlam("n one past", `{"n": ${BIG_PLUS_1}, "s": 2.0}`, 0),
  xlam("n one short", '{"n": 12345678901234567890, "s": 2.0}', 0),
  xlam("n as text", `{"n": "${BIG}", "s": 2.0}`, 0),
  xlam("n as the nearest float", '{"n": 1.2345678901234567e19, "s": 2.0}', 0),
  xlam("n with an exponent (a float)", `{"n": ${BIG}e0, "s": 2.0}`, 0),
  xlam("a repeated key, the last one wrong", `{"n": ${BIG}, "n": ${BIG_PLUS_1}, "s": 2.0}`, 0),
  xlam("a repeated key, the last one right", `{"n": 1, "n": ${BIG}, "s": 2.0}`, 1),
  xlam("s as 2", `{"n": ${BIG}, "s": 2}`, 1),
  xlam("s as 20e-1", `{"n": ${BIG}, "s": 20e-1}`, 1),
  xlam("s as text", `{"n": ${BIG}, "s": "2.0"}`, 0),
  xlam("s off by 1e-10", `{"n": ${BIG}, "s": 2.0000000001}`, 0),
];

const codeGen = (what: string, expression: string, output: string, verdict: 0 | 1): Case => ({
  what,
  body: JSON.stringify({
    responses_create_params: { input: "Write f." },
    verifier_metadata: { unit_tests: { inputs: [BIG], outputs: [output], fn_name: "f" } },
    response: fenced(`def f(x):\n    return ${expression}`),
  }),
  verdict,
});

const CODE_GEN: Case[] = [
  codeGen("[x + 2] for [x + 1] past 2^53", "[x + 2]", `[${BIG_PLUS_1}]`, 0),
  codeGen("[x + 1] past 2^53", "[x + 1]", `[${BIG_PLUS_1}]`, 1),
  codeGen("{'n': x + 2} for {'n': x + 1}", "{'n': x + 2}", `{"n": ${BIG_PLUS_1}}`, 0),
  // LiveCodeBench compares a scalar as float()s too: a one-off big int passes there.
  codeGen("x + 2 for x + 1 (floats close, as LiveCodeBench reads it)", "x + 2", BIG_PLUS_1, 1),
  codeGen("[str(x + 2)] for [x + 1]", "[str(x + 2)]", `[${BIG_PLUS_1}]`, 0),
];

/** Sends each case's body to `worker`'s /verify, a few at a time, and counts what differs from its verdict. */
async function verifyAll(context: AttackContext, worker: string, cases: Case[]): Promise<AttackResult> {
  let rewards_changed = 0;
  let samples_dropped = 0;
  const changed: string[] = [];
  const dropped: string[] = [];
  const one = async ({ what, body, verdict }: Case) => {
    try {
      const res = await fetch(`${context.url(worker)}/verify`, { method: "POST", headers: context.headers, body, signal: AbortSignal.timeout(DEADLINE_MS) });
      const answer = (await res.json()) as { reward?: unknown; _ng_failure_class?: unknown };
      if (res.status !== 200 || answer._ng_failure_class !== undefined || typeof answer.reward !== "number") {
        samples_dropped++;
        dropped.push(`${what}: ${res.status} ${JSON.stringify(answer).slice(0, 200)}`);
      } else if (answer.reward !== verdict) {
        rewards_changed++;
        changed.push(`${what}: ${answer.reward}, not ${verdict}`);
      }
    } catch (err) {
      samples_dropped++;
      dropped.push(`${what}: ${(err as Error).message}`);
    }
  };
  const queue = [...cases];
  await Promise.all(Array.from({ length: 3 }, async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await one(next);
  }));
  return { attempts: cases.length, rewards_changed, samples_dropped, detail: { changed, dropped } };
}

export const attacks: Attack[] = [
  { surface: "numbers", name: "evalplus_numbers_and_results", needs: ["evalplus"], run: (context) => verifyAll(context, "evalplus", EVALPLUS) },
  { surface: "numbers", name: "function_call_arguments", needs: ["xlam_fc"], run: (context) => verifyAll(context, "xlam_fc", XLAM) },
  { surface: "numbers", name: "code_gen_call_results", needs: ["code_gen"], run: (context) => verifyAll(context, "code_gen", CODE_GEN) },
];
