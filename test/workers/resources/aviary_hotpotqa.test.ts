import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/aviary/index.ts";
import { normalizeAnswer } from "../../../workers/resources/aviary/hotpotqa.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";

const open = () => client(server, serverEnv("hotpotqa_aviary_resources_server", { INSTANCE_CONFIG: { entrypoint: "hotpotqa_app.py" } }));
const fc = (call_id: string, name: string, args: unknown) => ({ type: "function_call", call_id, name, arguments: typeof args === "string" ? args : JSON.stringify(args) });
const row = (task_idx: number) => ({ task_idx, responses_create_params: { input: [] }, agent_ref: { type: "responses_api_agents", name: "hotpotqa_aviary_agent" } });

async function seeded(task_idx = 0) {
  const s = open();
  const seed = await s.post("/seed_session", { task_idx });
  expect(seed.status).toBe(200);
  const step = async (...action: unknown[]) => {
    const r = await s.post("/step", { env_id: seed.body.env_id, action });
    expect(r.status).toBe(200);
    return r.body as { obs: { output?: string; content?: string }[]; reward: number; done: boolean };
  };
  const verify = async () => (await s.post("/verify", { ...row(task_idx), response: { id: "r", output: [], env_id: seed.body.env_id, group_id: String(task_idx), contains_transitions: true } })).body;
  return { s, seed: seed.body, step, verify };
}

describe("aviary: the HotPotQA environment's answer normalisation", () => {
  test("lower case, ASCII punctuation dropped before articles are blanked, whitespace collapsed", () => {
    expect(normalizeAnswer("The Quick, Brown Fox!")).toBe("quick brown fox");
    // Punctuation goes first, so "the-end" becomes "theend", not an article.
    expect(normalizeAnswer("the-end")).toBe("theend");
    expect(normalizeAnswer("A.N. Other")).toBe("other");
    // Articles are whole words in Unicode's sense (Python's \b), so "éa" keeps its "a".
    expect(normalizeAnswer("éa an")).toBe("éa");
    expect(normalizeAnswer("  Ridley\t\nScott  ")).toBe("ridley scott");
  });
});

describe("aviary: the HotPotQA environment", () => {
  test("seed_session answers 'Question: ...' and the three strict tools", async () => {
    const { seed } = await seeded(0);
    expect(seed.obs).toEqual([{ type: "message", role: "user", content: "Question: The Eiffel Tower was designed by the company of an engineer born in which city?" }]);
    expect(seed.tools.map((t: { name: string }) => t.name)).toEqual(["search", "lookup", "submit_answer"]);
    expect(seed.tools.map((t: { parameters: { required: string[] } }) => t.parameters.required[0])).toEqual(["entity", "keyword", "answer"]);
    expect(seed.tools.every((t: { strict: boolean }) => t.strict)).toBe(true);
  });

  test("a two-hop episode: search gives the first five sentences (a paragraph's last ending '..'), a right answer 1, verify sums the steps", async () => {
    const { step, verify } = await seeded(0);
    const first = await step(fc("a", "search", { entity: "eiffel tower" }));
    expect(first).toEqual({
      obs: [{ type: "function_call_output", call_id: "a", output: "The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars in Paris. It was built for the 1889 World's Fair. The engineering firm of Gustave Eiffel designed and built it.. At 330 metres it was the tallest man-made structure in the world until 1930. It is painted every seven years.." }],
      reward: 0,
      done: false,
    });
    await step(fc("b", "search", { entity: "Gustave Eiffel" }));
    const submitted = await step(fc("c", "submit_answer", { answer: "He was born in Dijon, France." }));
    expect(submitted).toEqual({ obs: [{ type: "function_call_output", call_id: "c", output: "Finished." }], reward: 1, done: true });
    expect((await verify()).reward).toBe(1);
  });

  test("CONTAINS: the gold answer normalised must sit inside the submission normalised; a near miss scores 0", async () => {
    // Gold "the Atlantic Ocean" normalises to "atlantic ocean": "Atlantic" alone is not enough.
    const partial = await seeded(2);
    expect((await partial.step(fc("a", "submit_answer", { answer: "Atlantic" }))).reward).toBe(0);
    const full = await seeded(2);
    expect((await full.step(fc("a", "submit_answer", { answer: "THE ATLANTIC-OCEAN" }))).reward).toBe(0);
    const spaced = await seeded(2);
    expect((await spaced.step(fc("a", "submit_answer", { answer: "an  Atlantic   Ocean!" }))).reward).toBe(1);
    // "pianist" does not contain "piano"; a number argument is read as its text.
    expect((await (await seeded(3)).step(fc("a", "submit_answer", { answer: "pianist" }))).reward).toBe(0);
    expect((await (await seeded(1)).step(fc("a", "submit_answer", { answer: 1441 }))).reward).toBe(1);
  });

  test("an unknown title lists similar ones and clears the page; lookup walks matching paragraphs, then 'No more results.'", async () => {
    const { step } = await seeded(2);
    expect((await step(fc("a", "search", { entity: "Portugal's capital" }))).obs[0]!.output).toBe("Search for \"Portugal's capital\" returned no results. Similar: [].");
    expect((await step(fc("a", "search", { entity: "Lisbon city" }))).obs[0]!.output).toBe("Search for 'Lisbon city' returned no results. Similar: ['Lisbon'].");
    expect((await step(fc("b", "lookup", { keyword: "capital" }))).obs[0]!.output).toBe("Lookup failed. You have not specified a Wikipedia page yet.");
    await step(fc("c", "search", { entity: "Portugal" }));
    const looked = await step(fc("d", "lookup", { keyword: "LISBON" }), fc("e", "lookup", { keyword: "LISBON" }), fc("f", "lookup", { keyword: "ocean" }));
    expect(looked.obs.map((o) => o.output)).toEqual([
      "(Result 1 / 1) Its capital is Lisbon and its official language is Portuguese.",
      "No more results.",
      "(Result 1 / 1) Portugal is a country on the Iberian Peninsula in south-western Europe. Its only land border is with Spain. The Atlantic Ocean lies to its west and south.",
    ]);
    expect(looked).toMatchObject({ reward: 0, done: false });
  });

  test("empty arguments end the episode; a turn with no call scores 0 and does not; wrong tools and arguments are told, 0", async () => {
    const none = await seeded(4);
    expect(await none.step()).toMatchObject({ reward: 0, done: false });
    expect((await none.step(fc("a", "search", { entity: "" }))).obs[0]!.output).toBe("Search failed. No entity provided.");
    const lookup = await seeded(4);
    expect(await lookup.step(fc("a", "lookup", { keyword: "" }))).toMatchObject({ reward: 0, done: true });
    const empty = await seeded(4);
    expect(await empty.step(fc("a", "submit_answer", { answer: "" }))).toEqual({ obs: [{ type: "function_call_output", call_id: "a", output: "submit_answer failed since it was provided an empty answer." }], reward: 0, done: true });
    const wrong = await seeded(4);
    const told = await wrong.step(fc("a", "calculator", { expr: "1" }), fc("b", "search", { query: "Alien" }), fc("c", "submit_answer", { answer: "Ridley Scott" }));
    expect(told.obs.map((o) => o.output)).toEqual(["Invalid tool call: 'calculator' is not one of search, lookup, submit_answer.", 'Error: search takes exactly one argument, "entity".', "Finished."]);
    expect(told).toMatchObject({ reward: 1, done: true });
    expect((await wrong.verify()).reward).toBe(1);
  });

  test("bad rows: 400 naming the field; a task_idx beyond the shipped questions names task_idx", async () => {
    for (const body of [{}, { task_idx: -1 }, { task_idx: 1.5 }, { task_idx: 5 }]) {
      const r = await open().post("/seed_session", body);
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body)).toContain("task_idx");
    }
  });

  test("a 500 KB hostile entity, keyword or answer is answered quickly", async () => {
    const { step } = await seeded(0);
    await step(fc("p", "search", { entity: "Eiffel Tower" }));
    const started = Date.now();
    for (const text of ["a ".repeat(250_000), "the".repeat(170_000), ".".repeat(500_000), " ".repeat(500_000) + "x"]) {
      await step(fc("h", "lookup", { keyword: text }));
      await step(fc("h", "search", { entity: text }));
      await step(fc("h", "submit_answer", { answer: text }));
    }
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
