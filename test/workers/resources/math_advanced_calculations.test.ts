import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/math_advanced_calculations/index.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";
import { CALLS } from "./math_advanced_calculations/reference_calls.ts";

const env = () => serverEnv("math_advanced_calculations");
const row = { id: 1, depth: 1, breadth: 2, responses_create_params: { input: "Get me the values for (1.0 + 3.0) and pi using only the given tools." } };

let n = 0;
const output = (text: unknown) => ({ type: "function_call_output", call_id: `c${++n}`, output: text });
const solution = (x: string) => output(`{"solution": ${x}}`);

async function verify(ground_truth: string, items: unknown[]) {
  const res = await client(server, env()).post("/verify", { ...row, ground_truth, response: { id: "r", output: items } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe("math_advanced_calculations: the calculators answer as NeMo Gym's", () => {
  for (const c of CALLS) {
    test(`${c.tool}(${JSON.stringify(c.args)})`, async () => {
      const res = await client(server, env()).send(`/${c.tool}`, c.args);
      const text = await res.text();
      if ("output" in c) {
        expect(res.status, text).toBe(200);
        // The same float, written as Python writes it where it is whole.
        expect(JSON.parse(text)).toEqual(JSON.parse(c.output));
        if (/\.0\}$/.test(c.output)) expect(text).toMatch(/\.0\}$/);
      } else {
        // An error the model reads (the reference's is a 500 with this detail).
        expect(res.status, text).toBe(422);
        const message = JSON.parse(text).error.message as string;
        expect(c.error).toContain(message.split(" (")[0]!.replace(/^solution: .*/, "valid number"));
      }
    });
  }

  test("an unknown calculator is a 404", async () => {
    expect((await client(server, env()).send("/sqrt", { a: 4 })).status).toBe(404);
  });
});

describe("math_advanced_calculations: verify", () => {
  test("every value must be among the outputs, as the same float", async () => {
    expect((await verify("[5.2, 2.718281828459045]", [solution("2.718281828459045"), solution("5.2")])).reward).toBe(1);
    // 5.200000000000001 is not 5.2: no tolerance, as in the reference.
    expect((await verify("[5.2]", [solution("5.200000000000001")])).reward).toBe(0);
    expect((await verify("[5.2, 1.0]", [solution("5.2")])).reward).toBe(0);
  });

  test("an integer ground truth equals its float; numeric text and booleans read as float() reads them", async () => {
    expect((await verify("[3]", [solution("3.0")])).reward).toBe(1);
    expect((await verify("[4.5]", [output('{"solution": " 4.5 "}')])).reward).toBe(1);
    expect((await verify("[1.0]", [output('{"solution": true}')])).reward).toBe(1);
  });

  test("outputs without a solution count as none, which a null ground truth matches", async () => {
    const broken = [output('{"error": {"message": "math domain error"}}'), output("not json"), output('{"solution": null}'), output('["solution"]')];
    expect((await verify("[0.0]", broken)).reward).toBe(0);
    expect((await verify("[null]", broken)).reward).toBe(1);
    expect((await verify("[]", [])).reward).toBe(1);
  });

  test("only tool outputs count, not the text of the answer", async () => {
    const text = { type: "message", role: "assistant", content: [{ type: "output_text", text: "The value is 5.2", annotations: [] }] };
    expect((await verify("[5.2]", [text])).reward).toBe(0);
  });

  test("verify returns the row and the reward, nothing else", async () => {
    const body = await verify("[5.2]", [solution("5.2")]);
    expect(body).toMatchObject({ ...row, ground_truth: "[5.2]", reward: 1 });
  });

  test("a 500 KB reply is verified in bounded time", async () => {
    const started = Date.now();
    const huge = [output(`{"solution": "${"9".repeat(500_000)}"}`), ...Array.from({ length: 2000 }, (_, i) => solution(String(i)))];
    expect((await verify(JSON.stringify(Array.from({ length: 200 }, (_, i) => i * 10)), huge)).reward).toBe(1);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  test.each([
    [{ ground_truth: "5.2" }, "ground_truth"],
    [{ ground_truth: [5.2] }, "ground_truth"],
    [{ id: "one" }, "id"],
    [{ depth: undefined }, "depth"],
  ])("bad row %j is a 400 naming %s", async (change, path) => {
    const res = await client(server, env()).post("/verify", { ...row, ground_truth: "[1]", ...change, response: { id: "r", output: [] } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(path);
  });
});
