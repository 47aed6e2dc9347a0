import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/ifbench/index.ts";
import { INSTRUCTIONS } from "../../../workers/resources/ifbench/registry.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";

const PROMPT = "Write about tea. Include exactly 2 numbers in the response. The response must start with a verb.";
const message = (text: string) => ({ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] });

const rowOf = (ids: string[], kwargs: unknown[], extra: Record<string, unknown> = {}) => ({
  responses_create_params: { input: [{ role: "user", content: PROMPT }] },
  id: 3,
  instruction_id_list: ids,
  prompt: PROMPT,
  kwargs,
  ...extra,
});
const ROW = rowOf(["count:numbers", "words:start_verb"], [{ N: 2, keyword: null }, null]);

const post = (path: string, body: unknown) => client(server, serverEnv("ifbench")).post(path, body);

async function verifyOutput(row: Record<string, unknown>, output: unknown[]) {
  const res = await post("/verify", { ...row, response: { id: "r1", output } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
const verify = (row: Record<string, unknown>, text: string) => verifyOutput(row, [message(text)]);

describe("ifbench: grading", () => {
  test("every field NeMo returns, with the request echoed; fraction is the default grading", async () => {
    const body = await verify(ROW, "Make 2 cups for 3 to 4 minutes.");
    expect(body).toMatchObject({
      ...ROW,
      grading_mode: "fraction",
      reward: 0.5,
      follow_all_instructions: false,
      follow_instruction_list: [false, true],
      reward_loose: 0.5,
      follow_all_instructions_loose: false,
      follow_instruction_list_loose: [false, true],
    });
  });

  test("binary grading is all or nothing, strict and loose alike", async () => {
    const row = { ...ROW, grading_mode: "binary" };
    expect(await verify(row, "Make 2 cups, not 3 or 4.")).toMatchObject({ reward: 0, reward_loose: 0 });
    expect(await verify(row, "Make 2 cups for 3 minutes.")).toMatchObject({ reward: 1, reward_loose: 1, follow_all_instructions: true });
  });

  test("loose variants: without the first line, the last line, or '*'", async () => {
    // The first line breaks the verb rule and adds a third number; dropping it follows both.
    const body = await verify(ROW, "Tea notes, part 1\nMake 2 cups for 3 minutes.");
    expect(body).toMatchObject({ follow_instruction_list: [false, false], follow_instruction_list_loose: [true, true], reward: 0, reward_loose: 1 });
    // "**Make**": the tokenizer's first token is "*", no verb; without "*" it is.
    expect(await verify(ROW, "**Make** 2 cups for 3 minutes.")).toMatchObject({ follow_instruction_list: [true, false], follow_instruction_list_loose: [true, true] });
  });

  test("a blank answer follows nothing, not even an instruction a blank text would pass", async () => {
    const row = rowOf(["ratio:sentence_type"], [{}]);
    expect(await verify(row, "No sentence ends here")).toMatchObject({ reward: 1 });
    expect(await verify(row, " \n ")).toMatchObject({ reward: 0, reward_loose: 0, follow_instruction_list: [false], follow_instruction_list_loose: [false] });
  });

  test("the answer is the first content part of the last output item, as NeMo reads it", async () => {
    const two = { type: "message", role: "assistant", content: [{ type: "output_text", text: "Make 2 cups for 3 minutes.", annotations: [] }, { type: "output_text", text: " and 4 more", annotations: [] }] };
    expect(await verifyOutput(ROW, [two])).toMatchObject({ follow_instruction_list: [true, true] });
    const call = { type: "function_call", call_id: "c1", name: "f", arguments: "{}" };
    expect(await verifyOutput(ROW, [message("Make 2 cups for 3 minutes."), call])).toMatchObject({ reward: 0 });
    expect(await verifyOutput(ROW, [])).toMatchObject({ reward: 0, follow_instruction_list: [false, false] });
  });

  test("null-valued kwargs are dropped and a null kwargs entry is no arguments", async () => {
    const row = rowOf(["words:vowel"], [null]);
    expect(await verify(row, "Tall ants can wait.")).toMatchObject({ reward: 1 });
  });

  test("a long hostile reply is graded quickly", async () => {
    const row = rowOf(Object.keys(INSTRUCTIONS).filter((id) => /^(count|ratio|words|sentence):/.test(id)), []);
    const kwargs = row.instruction_id_list.map((id) => SAMPLE_KWARGS[id] ?? {});
    const started = Date.now();
    for (const text of [". ".repeat(250_000), "?!".repeat(250_000)]) {
      const body = await verify({ ...row, kwargs }, text);
      expect(body.follow_instruction_list).toHaveLength(kwargs.length);
    }
    expect(Date.now() - started).toBeLessThan(40_000);
  });
});

const SAMPLE_KWARGS: Record<string, Record<string, unknown>> = {
  "count:word_count_range": { min_words: 1, max_words: 5 },
  "count:unique_word_count": { N: 3 },
  "count:conjunctions": { small_n: 2 },
  "count:person_names": { N: 1 },
  "count:numbers": { N: 1 },
  "count:words_japanese": { N: 2 },
  "count:pronouns": { N: 1 },
  "count:keywords_multiple": { keyword1: "a", keyword2: "b", keyword3: "c", keyword4: "d", keyword5: "e" },
  "ratio:stop_words": { percentage: 20 },
  "ratio:overlap": { reference_text: "aaaa", percentage: 50 },
  "words:repeats": { small_n: 2 },
  "words:keywords_specific_position": { keyword: "a", n: 2, m: 1 },
  "words:words_position": { keyword: "a" },
  "sentence:keyword": { word: "a", N: 3 },
  "sentence:increment": { small_n: 1 },
};

describe("ifbench: bad rows", () => {
  const status = async (row: Record<string, unknown>) => {
    const res = await post("/verify", { ...row, response: { id: "r1", output: [message("Make 2 cups.")] } });
    return { status: res.status, text: JSON.stringify(res.body) };
  };

  test("an unknown id, a missing argument, a wrong type or an extra argument: 400 naming the path", async () => {
    expect(await status(rowOf(["count:nope"], [{}]))).toMatchObject({ status: 400, text: expect.stringContaining("instruction_id_list[0]") });
    // IFBench would draw a random N; a reward must not be random.
    expect(await status(rowOf(["count:numbers"], [{ N: null }]))).toMatchObject({ status: 400, text: expect.stringContaining("kwargs[0].N") });
    expect(await status(rowOf(["words:vowel", "count:numbers"], [{}, { N: "two" }]))).toMatchObject({ status: 400, text: expect.stringContaining("kwargs[1].N") });
    expect(await status(rowOf(["count:numbers"], [{ N: -1 }]))).toMatchObject({ status: 400, text: expect.stringContaining("kwargs[0].N") });
    expect(await status(rowOf(["words:vowel"], [{ N: 3 }]))).toMatchObject({ status: 400, text: expect.stringContaining("kwargs[0]") });
  });

  test("kwargs of another length than the ids, an empty id list, a bad grading mode: 400", async () => {
    expect(await status(rowOf(["words:vowel"], [{}, {}]))).toMatchObject({ status: 400, text: expect.stringContaining("kwargs") });
    expect((await status(rowOf([], []))).status).toBe(400);
    expect(await status(rowOf(["words:vowel"], [{}], { grading_mode: "partial" }))).toMatchObject({ status: 400, text: expect.stringContaining("grading_mode") });
  });

  test("/seed_session refuses a bad row before any model call", async () => {
    const res = await post("/seed_session", rowOf(["count:numbers"], [{}]));
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("kwargs[0].N");
  });
});
