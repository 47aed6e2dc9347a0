// JSON equality for verifiers (shared/verifiers/json_equal.ts) on values read exactly, and a
// function-call verifier (xlam_fc) whose row and model both write numbers a double cannot hold.
import { describe, expect, test } from "vitest";
import { parseExact } from "../../../shared/json/exact.ts";
import { jsonEqual, pythonEqual } from "../../../shared/verifiers/json_equal.ts";
import xlam from "../../../workers/resources/xlam_fc/index.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";

const read = (text: string) => parseExact(text);

describe("jsonEqual and pythonEqual", () => {
  test("numbers by exact value: past 2^53 one apart differ; 2 and 2.0 are equal, as in Python", () => {
    for (const equal of [jsonEqual, pythonEqual]) {
      expect(equal(read("12345678901234567891"), read("12345678901234567892"))).toBe(false);
      expect(equal(read("[9007199254740993]"), read("[9007199254740992]"))).toBe(false);
      expect(equal(read("9007199254740993"), read("9007199254740992.0"))).toBe(false);
      expect(equal(read('{"a": 2}'), read('{"a": 2.0}'))).toBe(true);
      expect(equal(read("-0.0"), read("0"))).toBe(true);
      expect(equal(read("12345678901234567891"), read('"12345678901234567891"'))).toBe(false);
    }
  });

  test("booleans: numbers for pythonEqual (True == 1 == 1.0), never for jsonEqual", () => {
    expect(pythonEqual(true, read("1.0"))).toBe(true);
    expect(pythonEqual(read("[true, 0]"), read("[1, false]"))).toBe(true);
    expect(jsonEqual(true, 1)).toBe(false);
    expect(jsonEqual(true, true)).toBe(true);
  });
});

describe("xlam_fc with numbers a double cannot hold", () => {
  const rowText = (args: string) =>
    `{"responses_create_params": {"input": "id?"}, "expected_answers": [{"name": "get", "arguments": {"id": 12345678901234567891, "scale": 2.0}}], "response": {"id": "r", "output": [${JSON.stringify({ type: "function_call", call_id: "c1", name: "get", arguments: args })}]}}`;
  const reward = async (args: string) => {
    const response = await client(xlam, serverEnv("xlam_fc")).send("/verify", rowText(args));
    const text = await response.text();
    expect(response.status, text).toBe(200);
    return { reward: (JSON.parse(text) as { reward: number }).reward, text };
  };

  test("an id one past the expected one is wrong; the same id, with 2 for 2.0, is right; the echo keeps both as written", async () => {
    expect((await reward('{"id": 12345678901234567892, "scale": 2.0}')).reward).toBe(0);
    const right = await reward('{"id": 12345678901234567891, "scale": 2}');
    expect(right.reward).toBe(1);
    expect(right.text).toContain('"predicted_calls":[{"name":"get","arguments":{"id":12345678901234567891,"scale":2}}]');
    expect(right.text).toContain('"arguments":{"id":12345678901234567891,"scale":2.0}');
  });
});
