import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/example_multi_step/index.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";

// The shape of a row in data/example.jsonl, shortened: a term with two synonyms.
const row = {
  id: 7,
  responses_create_params: {
    input: [
      {
        role: "system",
        content: "# Instructions\nExtract the synonym values.\n\n# Available synonyms\nThe term 'Hot' has a synonym 'Blazing'.\nThe term 'Cold' has a synonym 'Chilly'.\nThe term 'Hot' has a synonym 'Warm'.",
      },
      { role: "user", content: "How do animals cope with hot summers?" },
    ],
    parallel_tool_calls: false,
  },
  expected_synonyms: ["Blazing", "Warm"],
  expected_synonym_values: [711, 407],
  minefield_label: "Hot",
  minefield_label_value: 299,
};

let n = 0;
const extract = (args: unknown) => ({
  type: "function_call",
  call_id: `c${++n}`,
  name: "extract_synonym_values",
  arguments: typeof args === "string" ? args : JSON.stringify(args),
});
const lookup = (synonym: string) => ({ type: "function_call", call_id: `c${++n}`, name: "get_synonym_value", arguments: JSON.stringify({ synonym }) });
const answer = { type: "message", role: "assistant", content: [{ type: "output_text", text: "[711, 407]", annotations: [] }] };

const open = () => client(server, serverEnv("example_multi_step"));
const verify = async (output: unknown[]) => {
  const res = await open().post("/verify", { ...row, response: { id: "r1", output } });
  expect(res.status).toBe(200);
  return res.body;
};

describe("example_multi_step", () => {
  test("a synonym's value is the sum of its character codes", async () => {
    const s = open();
    for (const [synonym, value] of [["Hot", 299], ["Warm", 407], ["Blazing", 711], ["", 0]] as const) {
      expect((await s.post("/get_synonym_value", { synonym })).body).toEqual({ synonym_value: value });
    }
  });

  test("extract_synonym_values acknowledges a list of integers", async () => {
    expect((await open().post("/extract_synonym_values", { synonym_values: [711, 407] })).body).toEqual({ success: true });
  });

  test("bad tool arguments are 400 with field paths; unknown tools 404", async () => {
    const s = open();
    const noSynonym = await s.post("/get_synonym_value", { word: "Hot" });
    expect(noSynonym.status).toBe(400);
    expect(noSynonym.body.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(["synonym", "word"]);
    const fractional = await s.post("/extract_synonym_values", { synonym_values: [711, 40.7] });
    expect(fractional.status).toBe(400);
    expect(fractional.body.error.issues[0].path).toBe("synonym_values[1]");
    const unknown = await s.post("/get_synonyms", {});
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.tools).toEqual(["get_synonym_value", "extract_synonym_values"]);
  });

  test("the right values in the listed order earn 1", async () => {
    const body = await verify([lookup("Blazing"), lookup("Warm"), extract({ synonym_values: [711, 407] }), answer]);
    expect(body).toMatchObject({
      ...row,
      reward: 1,
      parsed_synonym_values: [711, 407],
      accuracy: true,
      set_overlap: 1,
      original_term_minefield_hit: false,
      order_instruction_following_failure: false,
    });
  });

  test("the right values in the wrong order are an order failure", async () => {
    expect(await verify([extract({ synonym_values: [407, 711] })])).toMatchObject({
      reward: 0,
      accuracy: false,
      set_overlap: 1,
      order_instruction_following_failure: true,
      original_term_minefield_hit: false,
    });
  });

  test("including the term's own value is a minefield hit", async () => {
    expect(await verify([extract({ synonym_values: [299, 711, 407] })])).toMatchObject({
      reward: 0,
      set_overlap: 1,
      original_term_minefield_hit: true,
      order_instruction_following_failure: true,
    });
  });

  test("set_overlap counts distinct shared values over the expected length", async () => {
    expect(await verify([extract({ synonym_values: [711, 711, 5] })])).toMatchObject({ reward: 0, set_overlap: 0.5, order_instruction_following_failure: false });
  });

  test("only the last extract call counts", async () => {
    expect((await verify([extract({ synonym_values: [711, 407] }), extract({ synonym_values: [407] })])).parsed_synonym_values).toEqual([407]);
    expect((await verify([extract({ synonym_values: [1] }), answer, extract({ synonym_values: [711, 407] })])).reward).toBe(1);
  });

  test.each([
    ["no extract call", [lookup("Blazing"), answer]],
    ["unparsable arguments", [extract({ synonym_values: [711, 407] }), extract("{synonym_values: [711")]],
    ["arguments without integer values", [extract({ synonym_values: ["Blazing", "Warm"] })]],
  ])("%s parses as [] and earns 0", async (_name, output) => {
    expect(await verify(output)).toMatchObject({
      reward: 0,
      parsed_synonym_values: [],
      accuracy: false,
      set_overlap: 0,
      original_term_minefield_hit: false,
      order_instruction_following_failure: false,
    });
  });

  test("rows need the task fields, and at least one expected value", async () => {
    const s = open();
    expect((await s.post("/seed_session", row)).status).toBe(200);
    const bad = await s.post("/seed_session", { ...row, id: "7", expected_synonym_values: [], minefield_label_value: undefined });
    expect(bad.status).toBe(400);
    // /seed_session checks the task fields a row carries; /verify requires them all.
    expect(bad.body.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(["expected_synonym_values", "id"]);
    const missing = await s.post("/verify", { ...row, minefield_label_value: undefined, response: { id: "r", output: [] } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.issues.map((i: { path: string }) => i.path)).toEqual(["minefield_label_value"]);
  });
});
