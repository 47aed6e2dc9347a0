// gpqa_diamond through its app: the row's regex first, then GPQA's own reading (the last box, where
// a letter there decides even when it is not an option, else the last "Answer: X"), the options
// check, every verify field, bad rows, and a long hostile reply.
import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/gpqa_diamond/index.ts";
import { assistantMessage, client, serverEnv } from "../../workerd/helpers.ts";

const OPTIONS = [{ A: "1.2 eV" }, { B: "3.4 eV" }, { C: "10.2 eV" }, { D: "13.6 eV" }];
const row = {
  responses_create_params: { input: [{ role: "user", content: "What energy ionises ground-state hydrogen?\nA: 1.2 eV\nB: 3.4 eV\nC: 10.2 eV\nD: 13.6 eV" }] },
  options: OPTIONS,
  expected_answer: "D",
  grading_mode: "strict_single_letter_boxed",
  metadata: { explanation: "The ground state lies 13.6 eV below the continuum.", subset_for_metrics: "Physics", difficulty: "Hard undergraduate level" },
  uuid: "4d2a6f10-1b3c-4e5d-8f70-91a2b3c4d5e6",
};

async function verify(text: string, fields: Record<string, unknown> = {}) {
  const res = await client(server, serverEnv("gpqa_diamond")).post("/verify", { ...row, ...fields, response: { id: "r1", output: [assistantMessage(text)] } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
const letter = async (text: string, fields: Record<string, unknown> = {}) => (await verify(text, fields)).extracted_answer;

describe("gpqa_diamond: reading the letter", () => {
  test("the boxed gold letter earns 1; the row comes back with the gold and the extracted letter", async () => {
    expect(await verify("Ionisation takes the full binding energy.\n\n\\boxed{D}")).toMatchObject({ ...row, reward: 1, expected_answer: "D", extracted_answer: "D" });
    expect(await verify("\\boxed{C}")).toMatchObject({ reward: 0, extracted_answer: "C" });
    expect(await verify("\\boxed{D}", { expected_answer: " d " })).toMatchObject({ reward: 1, expected_answer: "D" });
  });

  test.each([
    // The box's content ends at its first "}": a nested \text{D} reads as "\text{D", whose standalone capital is D.
    ["a \\text{} wrapper", "\\boxed{\\text{D}}", "D"],
    ["the last standalone capital in the box", "\\boxed{A or D}", "D"],
    ["a label then the option text", "\\boxed{D: 13.6 eV}", "D"],
    // "(D)" counts as a word of its own; "Da" does not.
    ["a parenthesised letter", "\\boxed{(D)}", "D"],
    ["the last of several boxes", "First \\boxed{A}, finally \\boxed{D}", "D"],
    ["a lower-case single letter is not taken from a box, so Answer: decides", "\\boxed{d}\nAnswer: D", "D"],
    ["Answer: with markdown", "**Answer:** D", "D"],
    ["the last Answer:, lower case upper-cased", "Answer: A\nOn reflection, answer: d", "D"],
  ])("%s", async (_, text, expected) => {
    expect(await letter(text)).toBe(expected);
  });

  test("a box with a letter decides, even one that is not an option: no fall back to Answer:", async () => {
    expect(await verify("\\boxed{E}\nAnswer: D")).toMatchObject({ reward: 0, extracted_answer: null });
    // A box with no capital in it leaves the decision to Answer:.
    expect(await letter("\\boxed{13.6 eV}\nAnswer: D")).toBe("D");
  });

  test("Answer: needs a letter not followed by a letter or digit", async () => {
    expect(await letter("Answer: Definitely the last one")).toBeNull();
    expect(await letter("Answer: D2")).toBeNull();
    expect(await letter("Answer: D.")).toBe("D");
  });

  test("without options any letter stands; an empty reply has none", async () => {
    expect(await verify("\\boxed{Q}", { options: null, expected_answer: "Q" })).toMatchObject({ reward: 1, extracted_answer: "Q" });
    expect(await verify("")).toMatchObject({ reward: 0, extracted_answer: null });
  });
});

describe("gpqa_diamond: the row's output_regex", () => {
  const template = { template_metadata: { output_regex: "Final Choice:\\s*([A-Za-z])" } };

  test("comes first, case-insensitive, last match, and is trusted outside the options", async () => {
    expect(await verify("Answer: A\nFinal Choice: c", { ...template, expected_answer: "C" })).toMatchObject({ reward: 1, extracted_answer: "C" });
    expect(await letter("\\boxed{A}\nfinal choice: B\nFinal Choice: d", template)).toBe("D");
    expect(await letter("Final Choice: F", template)).toBe("F");
  });

  test("a capture that is an option's text names that option", async () => {
    expect(await letter("Final Choice: 13.6   EV", { template_metadata: { output_regex: "Final Choice:\\s*(.+)" } })).toBe("D");
  });

  test("when it finds nothing, GPQA's own reading takes over", async () => {
    expect(await letter("\\boxed{D}", template)).toBe("D");
  });
});

describe("gpqa_diamond: bad rows and long replies", () => {
  test("bad rows are 400 with field paths", async () => {
    const s = client(server, serverEnv("gpqa_diamond"));
    const bad = await s.post("/verify", { ...row, expected_answer: 4, grading_mode: "lenient", options: [{ A: 1 }], template_metadata: { output_regex: ["a"] }, response: { id: "r", output: [] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(["expected_answer", "grading_mode", "options[0].A", "template_metadata.output_regex"]);
  });

  test.each([
    ["unclosed boxes", "\\boxed{".repeat(70_000)],
    ["Answer: then spaces", "Answer:" + " ".repeat(500_000)],
    ["markdown runs", "*_".repeat(250_000)],
    ["capitals", "A ".repeat(250_000)],
  ])("a 500 KB reply of %s is read quickly", async (_, text) => {
    const started = performance.now();
    await verify(text + "\n\\boxed{D}");
    await verify(text);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
