import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/bunsenbench_chemistry_mcq/index.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";

const row = {
  responses_create_params: { input: [{ role: "user", content: "Which is water?\n<choices>\n<choice>OH-</choice>\n<choice>H2O</choice>\n<choice>H3O+</choice>\n<choice>SO₄²⁻</choice>\n</choices>" }] },
  options: [{ A: "OH-" }, { B: "H2O" }, { C: "H3O+" }, { D: "SO₄²⁻" }],
  expected_answer: "B",
  uuid: "bunsen:demo:1",
  metadata: { bct_field: "general", bct_subfield: "acids_bases", source: "demo", bunsen_id: "bunsen:demo:1" },
};

const message = (text: string) => ({ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] });

async function post(fields: Record<string, unknown>, text: string | string[], response: Record<string, unknown> = {}) {
  const output = (Array.isArray(text) ? text : [text]).map(message);
  return client(server, serverEnv("bunsenbench_chemistry_mcq")).post("/verify", { ...row, ...fields, response: { id: "r1", output, ...response } });
}

async function verify(text: string | string[], fields: Record<string, unknown> = {}, response: Record<string, unknown> = {}) {
  const res = await post(fields, text, response);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe("bunsenbench_chemistry_mcq: reading the choice", () => {
  test("an option's text in <choice> tags; every verify field", async () => {
    expect(await verify("<choice>H2O</choice>")).toMatchObject({
      ...row,
      responses_create_params: expect.anything(),
      reward: 1,
      expected_answer: "B",
      extracted_answer: "B",
      no_answer: false,
      error_mode: "correct",
      bunsen_id: "bunsen:demo:1",
      source: "demo",
      bct_field: "general",
      bct_subfield: "acids_bases",
    });
  });

  test("option text is compared chemistry-normalised: subscripts, charges, entities, spacing", async () => {
    expect((await verify("<choice>SO42-</choice>")).extracted_answer).toBe("D");
    expect((await verify("<choice>SO<sub>4</sub></choice> no: <CHOICE>SO&#8324;&sup2;−</CHOICE>")).extracted_answer).toBe("D");
    expect((await verify("<choice>  H₂O </choice>")).extracted_answer).toBe("B");
  });

  test("the latest stated choice that names an option wins, across forms", async () => {
    expect((await verify("<choice>OH-</choice>\nOn reflection the answer is \\boxed{B}")).extracted_answer).toBe("B");
    expect((await verify("\\boxed{B}\n<answer>(C)</answer>")).extracted_answer).toBe("C");
    expect((await verify("**Answer:** Option A")).extracted_answer).toBe("A");
    expect((await verify("I choose B. It is neutral.")).extracted_answer).toBe("B");
    // A later candidate that names nothing does not hide an earlier one.
    expect((await verify("<choice>H2O</choice> <choice>water</choice>")).extracted_answer).toBe("B");
  });

  test("a label with nothing after it on its line reads the next line, and a label inside that answer is not read again", async () => {
    // NeMo Gym's reference gives no answer here: the one candidate is "answer :A) ok*[".
    expect((await verify("- Answer: \nanswer :A) ok*[")).extracted_answer).toBeNull();
    expect((await verify("Answer:\n\nB")).extracted_answer).toBe("B");
  });

  test("the options echoed in a <choices> list are not answers", async () => {
    expect(await verify("<choices><choice>OH-</choice></choices>\nno idea")).toMatchObject({ reward: 0, extracted_answer: null, no_answer: true, error_mode: "format_violation" });
  });

  test("last resort: the last line, then the first, as a letter or option text", async () => {
    expect((await verify("B\nI went with the neutral one")).extracted_answer).toBe("B");
    expect((await verify("Thinking about pH\nH3O+")).extracted_answer).toBe("C");
  });

  test("a text gold is turned into its letter; choices stand in for options", async () => {
    expect(await verify("<choice>H2O</choice>", { expected_answer: "\\boxed{H2O}" })).toMatchObject({ reward: 1, expected_answer: "B" });
    const choices = { options: null, choices: ["Argon", { label: "b", text: "Neon" }, { id: "xx", text: "Krypton" }] };
    expect(await verify("<choice>Neon</choice>", { ...choices, expected_answer: "Neon" })).toMatchObject({ reward: 1, expected_answer: "B", extracted_answer: "B" });
    expect((await verify("<choice>Krypton</choice>", { ...choices, expected_answer: "B" })).extracted_answer).toBeNull();
  });
});

describe("bunsenbench_chemistry_mcq: error modes", () => {
  test("wrong_answer, malformed_choice, refusal, early_termination", async () => {
    expect((await verify("<choice>OH-</choice>")).error_mode).toBe("wrong_answer");
    expect((await verify("<choice>plutonium</choice>")).error_mode).toBe("malformed_choice");
    expect((await verify("I'm sorry, but I can't help with that.")).error_mode).toBe("refusal");
    expect((await verify("<think>Weighing H2O against")).error_mode).toBe("early_termination");
    expect((await verify("Weighing the options", {}, { status: "incomplete", incomplete_details: { reason: "max_output_tokens" } })).error_mode).toBe("early_termination");
  });

  test("taxonomy fields: the row's own first, else its metadata, else null", async () => {
    expect(await verify("<choice>H2O</choice>", { source: "row", metadata: null })).toMatchObject({ source: "row", bct_field: null, bunsen_id: null });
  });
});

describe("bunsenbench_chemistry_mcq: rows and long replies", () => {
  test("bad rows are 400 with the field path", async () => {
    const bad = await post({ choices: [3] }, "<choice>H2O</choice>");
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("choices");
  });

  test("a 500 KB hostile reply verifies quickly", async () => {
    const hostile = ["<choice".repeat(20_000), "<answer>".repeat(10_000), "\\boxed{".repeat(10_000), "answer:".repeat(10_000), "i" + " ".repeat(100_000), "<think".repeat(10_000), "\n".repeat(100_000)].join("");
    const started = performance.now();
    expect((await verify(hostile)).reward).toBe(0);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
