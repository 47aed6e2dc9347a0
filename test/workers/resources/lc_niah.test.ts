import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/lc_niah/index.ts";
import { longestCommonSubstring } from "../../../shared/verifiers/longest_common_substring.ts";
import { ngramOverlap } from "../../../workers/resources/lc_niah/overlap.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";

const prompt = "Graph edges:\nA -> B\nB -> C\n\nOperation: Find the parents of node C.";
const row = {
  responses_create_params: { input: [{ role: "user", content: prompt }] },
  expected_answer: '["b"]',
  problem_type: "parents",
  source: "graphwalks",
};

const message = (text: string) => ({ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] });
const reasoning = (text: string) => ({ type: "reasoning", id: "rs1", summary: [{ type: "summary_text", text }] });

async function verify(output: unknown[], fields: Record<string, unknown> = {}, config?: Record<string, unknown>) {
  return client(server, serverEnv("lc_niah", config ? { INSTANCE_CONFIG: config } : {})).post("/verify", { ...row, ...fields, response: { id: "r1", output } });
}

describe("lc_niah: the answer", () => {
  test("F1 of the last line's nodes, quotes dropped; extra row fields are echoed", async () => {
    const res = await verify([message('Final Answer: ["b", \'c\']')]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...row, answer_score: 2 / 3, reward: 2 / 3, reasoning_overlap: 0, overlap_seq_match: 0, overlap_ngram16: 0, overlap_lcs: 0 });
  });

  test("no Final Answer on the last line: 0", async () => {
    expect((await verify([message("Final Answer: [b]\nDone.")])).body).toMatchObject({ answer_score: 0, reward: 0 });
  });
});

describe("lc_niah: copying the prompt into the reasoning", () => {
  // Python: normalised (strip, lower, one space) reasoning vs prompt; difflib ratio 0.6038 (autojunk
  // on), longest match 8 of 41 characters.
  const thought = "The edge  B -> C\nmeans B is a parent of C.";

  test("every signal; by default the lcs share discounts the F1 (multiply)", async () => {
    const res = await verify([reasoning(thought), message("Final Answer: [b]")]);
    expect(res.body.overlap_seq_match).toBe(0.6037735849056604);
    expect(res.body.overlap_lcs).toBe(0.1951219512195122);
    expect(res.body.overlap_ngram16).toBe(0);
    expect(res.body).toMatchObject({ answer_score: 1, reasoning_overlap: 0.1951219512195122, reward: 1 - 0.1951219512195122 });
  });

  test.each([
    [{ overlap_metric_rule: "seq_match", overlap_grading_rule: "minus" }, 1 - 0.6037735849056604],
    [{ overlap_metric_rule: "lcs", overlap_grading_rule: "base" }, 1],
  ])("the instance picks the signal and the rule: %j", async (config, reward) => {
    expect((await verify([reasoning(thought), message("Final Answer: [b]")], {}, config)).body.reward).toBe(reward);
  });

  test("a copied prompt: lcs and 16-gram overlap are 1", async () => {
    const long = "word ".repeat(10) + prompt;
    const res = await verify([reasoning(prompt), message("Final Answer: [b]")], { responses_create_params: { input: long } });
    expect(res.body).toMatchObject({ overlap_lcs: 1, reward: 0 });
    expect(ngramOverlap("a b c d", "x a b c d y", 2)).toBe(1);
    expect(ngramOverlap("a b c d", "a b x c d", 2)).toBe(2 / 3);
    expect(ngramOverlap("a b", "a b", 16)).toBe(0);
  });

  test("the longest common substring is exact (against brute force), in code points", () => {
    const brute = (a: string[], b: string[]) => {
      let best = 0;
      for (let i = 0; i < a.length; i++) for (let j = 0; j < b.length; j++) {
        let k = 0;
        while (i + k < a.length && j + k < b.length && a[i + k] === b[j + k]) k++;
        best = Math.max(best, k);
      }
      return best;
    };
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let n = 0; n < 200; n++) {
      const word = (len: number) => Array.from({ length: len }, () => ["a", "b", "c", "😀"][Math.floor(rand() * 4)]!);
      const [a, b] = [word(Math.floor(rand() * 30)), word(Math.floor(rand() * 30))];
      expect(longestCommonSubstring(a.join(""), b.join(""))).toBe(brute(a, b));
    }
    expect(longestCommonSubstring("x😀😀y", "😀😀")).toBe(2);
  });
});

describe("lc_niah: bad rows and long texts", () => {
  test("a row without expected_answer is a 400 naming the field", async () => {
    const res = await verify([message("Final Answer: []")], { expected_answer: undefined });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("expected_answer");
  });

  const words = (n: number, salt: number) => Array.from({ length: n }, (_, i) => `w${(i * salt) % 5003}`).join(" ");
  test.each([
    ["the prompt itself", (p: string) => p],
    ["one character", () => "a".repeat(500_000)],
    ["other words", () => words(90_000, 7)],
  ])("500 KB of reasoning (%s) against a 500 KB prompt is graded in bounded time", async (_name, make) => {
    const input = words(90_000, 3);
    const started = performance.now();
    const res = await verify([reasoning(make(input)), message("Final Answer: [b]")], { responses_create_params: { input } });
    expect(res.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(3000);
  });
});
