import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/swerl_llm_judge/index.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";

const row = {
  responses_create_params: { input: [{ role: "user", content: "Which fix is right? Answer <solution>X</solution>." }] },
  options: [{ A: "diff --git a/x.py b/x.py" }, { B: "diff --git a/y.py b/y.py" }, { C: "diff --git a/z.py b/z.py" }],
  expected_answer: "B",
  grading_mode: "strict",
  instance_id: "demo__demo-1",
  dataset_name: "SWE-Gym/SWE-Gym",
  metadata: { repo: "demo" },
};

const message = (text: string) => ({ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] });

async function post(fields: Record<string, unknown>, text: string | string[]) {
  const output = (Array.isArray(text) ? text : [text]).map(message);
  return client(server, serverEnv("swerl_llm_judge")).post("/verify", { ...row, ...fields, response: { id: "r1", output } });
}

async function verify(text: string | string[], fields: Record<string, unknown> = {}) {
  const res = await post(fields, text);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe("swerl_llm_judge: strict", () => {
  test("one letter, bracketed or not, in the first block that holds only a letter", async () => {
    expect(await verify("<think>A looks odd</think>\n<solution>B</solution>")).toMatchObject({ ...row, reward: 1, expected_answer: "B", extracted_answer: "B" });
    expect((await verify("<solution> [b] </solution>")).extracted_answer).toBe("B");
    // The first qualifying block wins, not the last.
    expect(await verify("<solution>A</solution> on reflection <solution>B</solution>")).toMatchObject({ reward: 0, extracted_answer: "A" });
    // A block with more than the letter does not qualify; a later one that does is read.
    expect((await verify("<solution>B, since</solution> <solution>C</solution>")).extracted_answer).toBe("C");
  });

  test("anything but a lone letter, a letter outside the options, or upper-case tags read nothing", async () => {
    for (const text of ["<solution>Fix B</solution>", "<solution>(B)</solution>", "<solution>D</solution>", "<SOLUTION>B</SOLUTION>", "B"]) {
      expect(await verify(text)).toMatchObject({ reward: 0, extracted_answer: null });
    }
  });
});

describe("swerl_llm_judge: lenient", () => {
  const lenient = { grading_mode: "lenient" };

  test("the first standalone letter of the last block, tags in any case", async () => {
    expect((await verify("<solution>A</solution> then <SOLUTION>Fix B is best</SOLUTION>", lenient)).extracted_answer).toBe("B");
    expect((await verify("<solution>(b)</solution>", lenient)).extracted_answer).toBe("B");
    // A letter inside a word does not count: "Option" is skipped, then C.
    expect((await verify("<solution>Option C</solution>", lenient)).extracted_answer).toBe("C");
  });

  test("the first standalone letter decides: outside the options it is no answer, even with a valid one after", async () => {
    expect(await verify("<solution>I think B</solution>", lenient)).toMatchObject({ reward: 0, extracted_answer: null });
    expect(await verify("<solution>Fix D or B</solution>", lenient)).toMatchObject({ reward: 0, extracted_answer: null });
  });

  test("an unclosed last block is not a block: the last closed one is read", async () => {
    expect((await verify("<solution>B</solution> and <solution>C", lenient)).extracted_answer).toBe("B");
    expect((await verify("<solution>\n\n</solution>", lenient)).extracted_answer).toBeNull();
  });

  test("the mode defaults to lenient", async () => {
    const { grading_mode: _, ...rest } = row;
    const res = await client(server, serverEnv("swerl_llm_judge")).post("/verify", { ...rest, response: { id: "r1", output: [message("<solution>Fix B</solution>")] } });
    expect(res.body).toMatchObject({ reward: 1, grading_mode: "lenient", extracted_answer: "B" });
  });
});

describe("swerl_llm_judge: gold letters and options", () => {
  test("a list of golds: single letters only, upper-cased, deduplicated; one left is a string", async () => {
    expect(await verify("<solution>C</solution>", { expected_answer: ["c", "C", "AB", 3] })).toMatchObject({ reward: 1, expected_answer: "C" });
    expect(await verify("<solution>A</solution>", { expected_answer: ["a", "c"] })).toMatchObject({ reward: 1, expected_answer: ["A", "C"] });
  });

  test("golds outside the options are dropped; without options no letter is allowed", async () => {
    expect(await verify("<solution>B</solution>", { expected_answer: ["B", "E"] })).toMatchObject({ expected_answer: "B" });
    expect(await verify("<solution>B</solution>", { options: null })).toMatchObject({ reward: 0, expected_answer: "B", extracted_answer: null });
  });

  test("every assistant message is read, joined", async () => {
    expect((await verify(["Reviewing the fixes.", "<solution>B</solution>"])).reward).toBe(1);
  });
});

describe("swerl_llm_judge: rows and long replies", () => {
  test("bad rows are 400 with the field path", async () => {
    const bad = await post({ grading_mode: "loose" }, "<solution>B</solution>");
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("grading_mode");
    const badOptions = await post({ options: [{ A: 1 }] }, "<solution>B</solution>");
    expect(badOptions.status).toBe(400);
    expect(JSON.stringify(badOptions.body)).toContain("options");
  });

  test("a 500 KB hostile reply verifies quickly in both modes", async () => {
    const hostile = "<solution>".repeat(50_000) + " ".repeat(100_000) + "<solution>" + "\n".repeat(100_000);
    for (const grading_mode of ["strict", "lenient"]) {
      const started = performance.now();
      expect(await verify(hostile, { grading_mode })).toMatchObject({ reward: 0, extracted_answer: null });
      expect(performance.now() - started).toBeLessThan(2000);
    }
  });
});
