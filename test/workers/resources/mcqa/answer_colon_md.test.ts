// mcqa's lenient_answer_colon_md: NeMo Gym's markdown-aware "Answer:" mode, which only an instance
// can set (a row's grading_mode cannot name it). Letters A-J are options unless a case says A-D.
import { describe, expect, test } from "vitest";
import server from "../../../../workers/resources/mcqa/index.ts";
import { client, serverEnv } from "../../../workerd/helpers.ts";

const lettersOf = (s: string) => [...s].map((l) => ({ [l]: `Option ${l}` }));
const answer = (text: string) => ({ id: "r1", output: [{ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] }] });

async function verify(text: string, fields: Record<string, unknown> = {}, grading_mode: string | null = "lenient_answer_colon_md") {
  const env = serverEnv("mcqa", grading_mode ? { INSTANCE_CONFIG: { grading_mode } } : {});
  const row = { responses_create_params: { input: [{ role: "user", content: "Pick one." }] }, options: lettersOf("ABCDEFGHIJ"), expected_answer: "B", ...fields };
  return client(server, env).post("/verify", { ...row, response: answer(text) });
}
async function letter(text: string, fields: Record<string, unknown> = {}) {
  const res = await verify(text, fields);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.extracted_answer;
}
const AD = { options: lettersOf("ABCD") };

describe("mcqa: lenient_answer_colon_md reads one letter", () => {
  test.each([
    ["a plain Answer:", "The answer is B.\n\nAnswer: B", "B"],
    ["bold around the whole line", "Reasoning here.\n\n**Answer: C**", "C"],
    ["bold around the word", "**Answer**: D", "D"],
    ["underscores around the word", "__Answer__: A", "A"],
    ["any case of the word, and a lower-case letter", "final answer: e", "E"],
    ["a leading letter with a reason after it", "Answer: B because C is not valid", "B"],
    ["a repeated letter", "Answer: B/B", "B"],
    ["a letter in dollars", "Answer: $D$", "D"],
    ["a letter in parentheses", "Answer: (D)", "D"],
    ["a letter inside a boxed \\text{}", "\\boxed{\\text{Answer: G}}", "G"],
    ["trailing punctuation and markdown", "Answer: **F.**", "F"],
    ["a label then the option text", "Answer: C) Option C", "C"],
    ["the last capital standing alone", "Answer: the correct option is H", "H"],
    ["the payload on the next line", "Answer:\nJ", "J"],
    ["the last Answer: of several", "Answer: A\nAnswer: B", "B"],
    ["an earlier Answer: when the last names no letter", "Answer: B\nAnswer: unknown", "B"],
    ["an earlier Answer: when the last is not an option", "Answer: B\nAnswer: Z", "B"],
    ["an earlier Answer: when the last lists letters", "Answer: B\nAnswer: A/B/C", "B"],
    ["an Arabic letter", "Answer: ج", "C"],
    ["a full-width letter", "Answer: Ｄ", "D"],
  ])("%s", async (_what, text, expected) => {
    expect(await letter(text)).toBe(expected);
  });

  test.each([
    ["no Answer: at all", "I think it might be B but I'm not sure"],
    ["a payload with no letter", "Answer: unknown"],
    ["a letter that is not an option", "Answer: G", AD],
    ["letters listed with a slash", "Answer: A/B/C", AD],
    ["letters listed with a slash, in bold", "**Answer: D/H**"],
    ["letters listed with or", "Answer: A or B", AD],
    ["letters listed with and", "Answer: A and B", AD],
    ["letters listed with a comma", "Answer: A, B", AD],
    ["letters listed with a space", "Answer: B C"],
    ["a word, not a letter", "Answer: Because"],
    ["a lower-case letter inside a sentence", "Answer: it is b, surely"],
    ["a letter glued to a digit", "Answer: B2"],
    ["\"answers:\"", "answers: B"],
    ["only a boxed letter", "\\boxed{B}"],
  ] as [string, string, Record<string, unknown>?][])("no letter in %s", async (_what, text, fields = {}) => {
    expect(await letter(text, fields)).toBeNull();
  });
});

describe("mcqa: grading modes between the instance and the row", () => {
  test("the gold letter earns 1, another earns 0", async () => {
    expect((await verify("**Answer: B**")).body).toMatchObject({ reward: 1, expected_answer: "B", extracted_answer: "B" });
    expect((await verify("**Answer: C**")).body).toMatchObject({ reward: 0, extracted_answer: "C" });
  });

  test("the instance's mode overrides the row's; the row's template regex still comes first", async () => {
    expect((await verify("**Answer: B**", { grading_mode: "strict_single_letter_boxed" })).body).toMatchObject({ reward: 1, extracted_answer: "B" });
    expect(await letter("Pick: D\n**Answer: B**", { template_metadata: { output_regex: "Pick:\\s*([A-J])" } })).toBe("D");
  });

  test("lenient_answer_colon does not read markdown around Answer:, as in NeMo Gym", async () => {
    const res = await verify("**Answer: C**", { expected_answer: "C" }, "lenient_answer_colon");
    expect(res.body).toMatchObject({ reward: 0, extracted_answer: null });
  });

  test("a row cannot name lenient_answer_colon_md (NeMo Gym's row field refuses it too)", async () => {
    const res = await verify("Answer: B", { grading_mode: "lenient_answer_colon_md" }, null);
    expect(res.status).toBe(400);
    expect(res.body.error.issues.map((i: { path: string }) => i.path)).toEqual(["grading_mode"]);
  });

  test("every mode NeMo Gym's instance config takes is accepted; another is a misconfiguration", async () => {
    for (const mode of ["strict_single_letter_boxed", "lenient_boxed", "lenient_answer_colon", "lenient_answer_colon_md"]) {
      expect((await verify("\\boxed{B}\nAnswer: B", {}, mode)).body).toMatchObject({ reward: 1 });
    }
    expect((await verify("Answer: B", {}, "lenient")).status).toBe(500);
  });

  test("a long line of markdown after Answer: is read quickly", async () => {
    const started = Date.now();
    expect(await letter(`Answer: ${"*".repeat(50_000)}B${" *".repeat(50_000)}`)).toBe("B");
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
