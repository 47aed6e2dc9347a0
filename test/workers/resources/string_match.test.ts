import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/string_match/index.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";

const row = {
  responses_create_params: {
    input: [{ role: "user", type: "message", content: [{ type: "input_text", text: "What is the capital of Italy? Put your final answer in \\boxed{}." }] }],
  },
  expected_answer: "Rome",
  extraction_mode: "boxed",
  case_sensitive: false,
};

const message = (text: string) => ({ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] });

async function verify(text: string | string[], fields: Record<string, unknown> = {}) {
  const output = (Array.isArray(text) ? text : [text]).map(message);
  const res = await client(server, serverEnv("string_match")).post("/verify", { ...row, ...fields, response: { id: "r1", output } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe("string_match: extraction modes", () => {
  test("boxed: the last closed \\boxed{}, brace-depth aware, \\text{} peeled", async () => {
    expect(await verify("It is \\(\\boxed{\\text{Rome}}\\).")).toMatchObject({ ...row, reward: 1, expected_answer: "Rome", extracted_answer: "Rome" });
    expect((await verify("\\boxed{\\frac{1}{2}}")).extracted_answer).toBe("\\frac{1}{2}");
    expect((await verify("\\boxed{Milan} no, \\boxed{Rome}")).extracted_answer).toBe("Rome");
    expect((await verify("\\boxed{Rome} and then \\boxed{Mil")).extracted_answer).toBe("Rome");
    expect(await verify("Rome")).toMatchObject({ reward: 0, extracted_answer: null });
  });

  test("final_answer: after the last label (either colon), closing periods dropped, else a box", async () => {
    const mode = { extraction_mode: "final_answer" };
    expect((await verify("Answer: Milan\nFinal answer: Rome.", mode)).extracted_answer).toBe("Rome");
    expect((await verify("FINAL ANSWER：Rome", mode)).extracted_answer).toBe("Rome");
    expect((await verify("Final answer:\nRome", mode)).extracted_answer).toBe("Rome");
    expect((await verify("So it is \\boxed{Rome}", mode)).extracted_answer).toBe("Rome");
    expect((await verify("Rome", mode)).extracted_answer).toBeNull();
  });

  test("the mode defaults to final_answer and case_sensitive to false; both are echoed", async () => {
    const res = await client(server, serverEnv("string_match")).post("/verify", {
      responses_create_params: row.responses_create_params,
      expected_answer: "Rome",
      response: { id: "r1", output: [message("Final answer: rome")] },
    });
    expect(res.body).toMatchObject({ reward: 1, extraction_mode: "final_answer", case_sensitive: false, extracted_answer: "rome" });
  });

  test("last_line and full_response read every assistant message, joined", async () => {
    expect((await verify(["Thinking it over.", "Capital:\nRome\n\n"], { extraction_mode: "last_line" })).extracted_answer).toBe("Rome");
    expect((await verify(["  Rome ", " "], { extraction_mode: "full_response" })).extracted_answer).toBe("Rome");
    expect(await verify("   ", { extraction_mode: "full_response" })).toMatchObject({ reward: 0, extracted_answer: null });
  });
});

describe("string_match: comparison", () => {
  const score = async (expected: string, given: string) => (await verify(`\\boxed{${given}}`, { expected_answer: expected })).reward;

  test.each([
    ["case", "Rome", "ROME"],
    ["outer quotes, then trailing punctuation", "Rome", '"Rome."'],
    ["spacing", "Pacific Ocean", "  Pacific   Ocean "],
    ["a float written differently", "80", "80.0"],
    ["dollars", "80", "$80"],
    ["thousands separators", "1000000", "1,000000"],
    ["a LaTeX wrapper", "Paris", "\\textbf{Paris}"],
    ["list separators", "apples bananas cherries", "apples, bananas and cherries"],
    ["a state name", "NY", "new york"],
    ["a Unicode math symbol", "2\\pi", "2π"],
    ["full-width characters", "42", "４２"],
  ])("%s is the same answer", async (_name, expected, given) => {
    expect(await score(expected, given)).toBe(1);
  });

  test("a number within about 1% earns 0.98 (units and % aside); further off, or another word, earns 0", async () => {
    expect(await score("3.14159", "3.1416")).toBe(0.98);
    expect(await score("5", "5 cm")).toBe(0.98);
    expect(await score("12", "12%")).toBe(0.98);
    expect(await score("100", "99.5")).toBe(0.98);
    expect(await score("100", "95")).toBe(0);
    expect(await score("Rome", "Milan")).toBe(0);
    // The quotes are stripped before the punctuation, so the quote left at the end stays.
    expect(await score("Rome", "'Rome'!")).toBe(0);
    // Separators that were over a tenth of the text: the list is compared as written.
    expect(await score("red green blue", "red, green and blue")).toBe(0);
  });

  test("case-sensitive rows compare the trimmed texts exactly", async () => {
    const exact = { expected_answer: "LISTEN", case_sensitive: true };
    expect((await verify("\\boxed{ LISTEN }", exact)).reward).toBe(1);
    expect((await verify("\\boxed{listen}", exact)).reward).toBe(0);
    expect((await verify("\\boxed{LISTEN.}", exact)).reward).toBe(0);
  });

  test("an empty expected answer never matches", async () => {
    expect(await verify("\\boxed{}", { expected_answer: "" })).toMatchObject({ reward: 0, extracted_answer: "" });
  });

  test("adversarial answers are graded in linear time", async () => {
    const started = Date.now();
    await verify(`${"\\boxed{".repeat(20_000)}${"1".repeat(100_000)}`);
    await verify(`Final answer: ${"1,".repeat(50_000)}${" ".repeat(50_000)}`, { extraction_mode: "final_answer", expected_answer: "1" });
    await verify(`${"\\text{".repeat(20_000)}x${"}".repeat(20_000)}`, { extraction_mode: "full_response" });
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

describe("string_match: wire", () => {
  test("bad rows are 400 with field paths", async () => {
    const s = client(server, serverEnv("string_match"));
    expect((await s.post("/seed_session", row)).status).toBe(200);
    const bad = await s.post("/seed_session", { ...row, expected_answer: 7, extraction_mode: "first_line", case_sensitive: "no" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(["case_sensitive", "expected_answer", "extraction_mode"]);
  });
});
