import { describe, expect, test } from "vitest";
import { pin, scored, staysFast } from "./support.ts";
import { runBf } from "../../../../../workers/resources/reasoning_gym/families/code/brainfuck.ts";
import { FAMILIES } from "../../../../../workers/resources/reasoning_gym/families/index.ts";
import type { Entry } from "../../../../../workers/resources/reasoning_gym/families/family.ts";
import { Rng } from "../../../../../workers/resources/reasoning_gym/families/rng.ts";

describe("bf", () => {
  test("the library's base scorer: the program's output exactly, or its share of a longer answer", () => {
    pin({"question": "", "answer": "crane", "metadata": {"source_dataset": "bf"}}, [
      ["crane", 1.0],
      ["crane\n", 0.8333333333333334],
      [" crane", 0.8333333333333334],
      ["The output is crane", 0.2631578947368421],
      ["Crane", 0.0],
      ["", 0.0],
      ["cran", 0.0],
    ]);
    pin({"question": "", "answer": "120", "metadata": {"source_dataset": "bf"}}, [
      ["120", 1.0],
      ["1200", 0.75],
      ["120.0", 0.6],
    ]);
  });
});

const io = (answer: string): Entry => ({ question: "", answer, metadata: { source_dataset: "codeio" } });

describe("codeio", () => {
  test("the stored JSON 1.0; equal JSON max_score; other JSON by tree similarity, at least 0.01; no JSON: the oracle's share of the answer, or 0", () => {
    pin({"question": "", "answer": "[[-1.121895218267617], [-3.052952507010074]]", "metadata": {"source_dataset": "codeio"}}, [
      ["[[-1.121895218267617], [-3.052952507010074]]", 1.0],
      [" [[-1.121895218267617], [-3.052952507010074]] ", 1.0],
      ["{}", 0.01],
      ["The answer is [[-1.121895218267617], [-3.052952507010074]]", 0.0],
      ["[[-1.121895218267617], [-3.052952507010074]", 0.0],
      ["no braces", 0.0],
    ]);
    pin({"question": "", "answer": "5", "metadata": {"source_dataset": "codeio"}}, [
      ["5", 1.0],
      [" 5 ", 1.0],
      ["{}", 0.01],
      ["The answer is 5", 0.0],
      ["", 0.0],
      ["no braces", 0.0],
    ]);
    pin({"question": "", "answer": "{\"root\": 20.283685442927837}", "metadata": {"source_dataset": "codeio"}}, [
      ["{\"root\": 20.283685442927837}", 1.0],
      [" {\"root\": 20.283685442927837} ", 1.0],
      ["{}", 0.01],
      ["The answer is {\"root\": 20.283685442927837}", 0.8],
      ["{\"root\": 20.283685442927837", 0.0],
      ["no braces", 0.0],
    ]);
    pin({"question": "", "answer": "[[2, 3, 1], [3, 1, 2]]", "metadata": {"source_dataset": "codeio"}}, [
      ["[[2, 3, 1], [3, 1, 2]]", 1.0],
      [" [[2, 3, 1], [3, 1, 2]] ", 1.0],
      ["{}", 0.01],
      ["The answer is [[2, 3, 1], [3, 1, 2]]", 0.0],
      ["[[2, 3, 1], [3, 1, 2]", 0.0],
      ["no braces", 0.0],
    ]);
    pin({"question": "", "answer": "{\"a\": 1}", "metadata": {"source_dataset": "codeio"}}, [
      ["{\"a\": 1}", 1.0],
      ["{\"a\":1}", 1.0],
      ["{\"a\": 1.0}", 1.0],
      ["{\"a\": true}", 1.0],
      ["{\"a\": 2}", 0.375],
      ["{\"a\": 100}", 0.01],
      ["{\"a\": \"1\"}", 1.0],
      ["{\"b\": 1}", 0.375],
      ["x {\"a\": 1} y", 0.8],
      ["{\"a\": 1, \"b\": 2}", 0.0625],
      ["{\"a\": [1]}", 0.01],
      ["{\"a\": null}", 0.01],
      ["{\"a\": 1e400}", 0.01],
      ["{\"a\": NaN}", 0.01],
      ["{a: 1}", 0.0],
      ["}{", 0.0],
      ["{\"a\": -1}", 0.01],
      ["{\"a\": 0.5}", 0.01],
      ["{\"a\": 1.5}", 0.25],
      ["{\"a\": NaN}", 0.01],
      ["{\"a\": Infinity, \"b\": -Infinity}", 0.01],
      ["{\"a\": \"NaN\", \"b\": NaN}", 0.01],
      ["{\"a\": nan}", 0.0],
      ["{\"a\": -NaN}", 0.0],
    ]);
    pin({"question": "", "answer": "{\"result\": [1, 2, 3]}", "metadata": {"source_dataset": "codeio"}}, [
      ["{\"result\": [1, 2, 3]}", 1.0],
      ["{\"result\": [1, 2]}", 0.01],
      ["{\"result\": [3, 2, 1]}", 0.04761904761904767],
      ["{\"result\": [1, 2, 3, 4]}", 0.01],
      ["{\"result\": []}", 0.01],
      ["{\"result\": \"1, 2, 3\"}", 0.01],
      ["{\"result\": [1.5, 2, 3]}", 0.673913043478261],
      ["{\"res\": [1, 2, 3]}", 0.2857142857142857],
    ]);
    pin({"question": "", "answer": "{\"name\": \"alpha\", \"count\": 12, \"ok\": false}", "metadata": {"source_dataset": "codeio"}}, [
      ["{\"count\": 12, \"name\": \"alpha\", \"ok\": false}", 1.0],
      ["{\"name\": \"alpha\", \"count\": 13, \"ok\": false}", 0.9806201550387597],
      ["{\"name\": \"alpah\", \"count\": 12, \"ok\": true}", 0.3023255813953488],
      ["{\"name\": \"ALPHA\", \"count\": 12}", 0.01],
      ["{\"name\": \"αλφα\", \"count\": 12, \"ok\": false}", 0.5967741935483871],
      ["{\"name\": \"alpha\", \"count\": \"12\", \"ok\": false}", 1.0],
      ["{\"name\": \"12\", \"count\": 12, \"ok\": false}", 0.01],
      ["{\"name\": \"alpha\", \"count\": 12.000, \"ok\": 0}", 1.0],
    ]);
    pin({"question": "", "answer": "{\"x\": 0.001}", "metadata": {"source_dataset": "codeio"}}, [
      ["{\"x\": 0.002}", 0.01],
      ["{\"x\": 0}", 0.01],
      ["{\"x\": 1e-3}", 1.0],
      ["{\"x\": 0.0010}", 1.0],
      ["{\"x\": 12345678901234567890}", 0.01],
    ]);
    pin({"question": "", "answer": "[1, 2]", "metadata": {"source_dataset": "codeio"}}, [
      ["{\"a\": [1, 2]}", 0.6153846153846154],
      ["[1, 2]", 1.0],
      ["answer: [1, 2] {x}", 0.3333333333333333],
      ["xx [1, 2] {} yy", 0.01],
    ]);
    pin({"question": "", "answer": "\"hello\"", "metadata": {"source_dataset": "codeio"}}, [
      ["{\"hello\"}", 0.7777777777777778],
      ["{\"v\": \"hello\"}", 0.01],
      ["say \"hello\" {", 0.0],
    ]);
    pin({"question": "", "answer": "{\"k:1\": \"a:b\"}", "metadata": {"source_dataset": "codeio"}}, [
      ["{\"k:1\": \"a:c\"}", 0.6428571428571429],
      ["{\"k:2\": \"a:b\"}", 0.6428571428571429],
      ["{\"k\": \"a:b\"}", 0.2857142857142858],
    ]);
    pin({"question": "", "answer": "{\"v\": \"٣\"}", "metadata": {"source_dataset": "codeio"}}, [
      ["{\"v\": \"3\"}", 1.0],
      ["{\"v\": \"½\"}", 0.6666666666666667],
      ["{\"v\": \"一\"}", 0.6666666666666667],
      ["{\"v\": \"1.2.3\"}", 0.01],
      ["{\"v\": \"4\"}", 0.8888888888888888],
    ]);
    pin({"question": "", "answer": "{\"v\": \"12\"}", "metadata": {"source_dataset": "codeio"}}, [
      ["{\"v\": \"١٢\"}", 1.0],
      ["{\"v\": \"1.2.3\"}", 0.01],
      ["{\"v\": \"13\"}", 0.9242424242424243],
      ["{\"v\": 12}", 1.0],
    ]);
    pin({"question": "", "answer": "", "metadata": {"source_dataset": "codeio"}}, [
      ["{}", 0.0],
      ["x {} y", 0.0],
    ]);
    pin({"question": "", "answer": "{\"a\": NaN}", "metadata": {"source_dataset": "codeio"}}, [
      ["{\"a\": NaN}", 1.0],
    ]);
    pin({"question": "", "answer": "{\"a\": 1e999}", "metadata": {"source_dataset": "codeio"}}, [
      ["{\"a\": Infinity}", 1.0],
    ]);
    pin({"question": "", "answer": "{\"x\": [1, 2]}", "metadata": {"source_dataset": "codeio"}}, [
      ["{\"x\": [NaN, -Infinity]}", 0.01],
    ]);
  });
  test("no answer 0; a row without a stored answer 0", () => {
    expect(scored(null, io('{"a": 1}'))).toBe(0);
    expect(scored('{"a": 1}', { question: "", answer: null, metadata: { source_dataset: "codeio" } })).toBe(0);
  });
  test("JSON nested past Python's recursion limit makes the library's scorer raise: 0", () => {
    expect(scored(`{"a": ${"[".repeat(1000)}${"]".repeat(1000)}}`, io('{"a": 1}'))).toBe(0);
    expect(scored(`{"a": ${"[".repeat(900)}${"]".repeat(900)}}`, io('{"a": 1}'))).toBe(0.01);
  });
  test("Python's NaN and Infinity read as floats; a string that looks like their stand-in makes the answer unread (a listed deviation)", () => {
    expect(scored('{"a": NaN, "b": "\ue000\ue001NaN"}', io('{"a": 1}'))).toBe(0);
    expect(scored('{"a": NaN, "b": "NaN"}', io('{"a": NaN, "b": "NaN"}'))).toBe(1);
  });
  test("deviation: answers past the work budget count as JSON with no similarity", () => {
    const many = `{${Array.from({ length: 3000 }, (_, i) => `"k${i}": ${i}`).join(", ")}}`;
    expect(scored(many, io(`{${Array.from({ length: 3000 }, (_, i) => `"k${i}": ${i + 1}`).join(", ")}}`))).toBe(0.01);
    expect(FAMILIES.get("codeio")!.deviations?.length).toBe(2);
  });
  test("a 500 KB answer stays fast", () => {
    staysFast(io('{"result": [1, 2, 3]}'), ["{", "}{", '{"a": [[[[1, 2, 3]]]], ', '{"k": "', "x", "[1, 2, 3] ", "{NaN, ", "NaN, Infinity, "]);
    scored(`{"a": [${"NaN, ".repeat(100_000)}1]}`, io('{"a": [1]}'));
    const start = performance.now();
    scored(`{"a": "${"x".repeat(500_000)}"}`, io('{"a": "xyz"}'));
    scored(`{${Array.from({ length: 20_000 }, (_, i) => `"k${i}": [1, 2]`).join(", ")}}`, io('{"k1": [1, 2]}'));
    expect(performance.now() - start).toBeLessThan(1500);
  });
});

/** A generated task: the same for the same (seed, index, config); its stored answer (or, for a validity family, `solution(entry)`) scores 1.0 and `wrong(entry)` does not. */
function checkGenerator(name: string, config: Record<string, unknown>, wrong: (entry: Entry) => string, solution: (entry: Entry) => string = (entry) => entry.answer!): void {
  const family = FAMILIES.get(name)!;
  for (let index = 0; index < 25; index++) {
    const entry = family.generate!(new Rng(11, index), config, index);
    expect(family.generate!(new Rng(11, index), config, index)).toEqual(entry);
    expect(entry.metadata).toMatchObject({ source_dataset: name, source_index: index });
    expect(entry.metadata.difficulty).toBeTypeOf("object");
    expect(family.score(solution(entry), entry), solution(entry)).toBe(1);
    expect(family.score(wrong(entry), entry), wrong(entry)).toBeLessThan(1);
  }
  expect(family.generate!(new Rng(12, 0), config, 0)).not.toEqual(family.generate!(new Rng(11, 0), config, 0));
}

const rejects = (name: string, config: Record<string, unknown>, field: string) => expect(() => FAMILIES.get(name)!.generate!(new Rng(1, 0), config, 0)).toThrow(field);

describe("bf generator", () => {
  test("a program whose output (run by our interpreter) is the stored answer: a word at difficulty 1, the number an accumulating loop stops at above", () => {
    checkGenerator("bf", {}, (e) => `${e.answer}!`);
    checkGenerator("bf", { difficulty: 2 }, (e) => String(Number(e.answer) + 1));
    checkGenerator("bf", { difficulty: 3 }, (e) => `${e.answer}0`);
    const entry = FAMILIES.get("bf")!.generate!(new Rng(3, 0), { difficulty: 3 }, 0);
    expect(runBf(entry.metadata.bf_program as string)).toBe(entry.answer);
    expect(entry.metadata.bf_program).toMatch(/^[<>+\-[\].]+$/);
    rejects("bf", { difficulty: 0 }, "difficulty");
    rejects("bf", { difficulty: 4 }, "difficulty");
  });
  test("the interpreter: 8-bit wrapping cells, loops, refusing unmatched brackets and runaway programs", () => {
    expect(runBf("++++++++[>++++++++<-]>+.")).toBe("A");
    expect(runBf("-.")).toBe("\u00ff");
    expect(() => runBf("[")).toThrow("unmatched");
    expect(() => runBf("+[]")).toThrow("too long");
    expect(() => runBf("<")).toThrow("left");
  });
});
