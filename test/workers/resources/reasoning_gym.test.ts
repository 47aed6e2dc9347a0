import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/reasoning_gym/index.ts";
import { defaultScore } from "../../../workers/resources/reasoning_gym/families/default_score.ts";
import { FAMILIES } from "../../../workers/resources/reasoning_gym/families/index.ts";
import { levelCount } from "../../../workers/resources/reasoning_gym/curriculum.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";

const question = 'You meet 2 inhabitants: Zoey, and Riley. Zoey says, "Riley is a fool". Riley says, "Zoey is a sage or Riley is a sage". Who is a sage and who is a fool?';
const row = {
  responses_create_params: { input: [{ role: "user", content: question }] },
  question,
  answer: "Zoey is a fool, and Riley is a sage.",
  metadata: { source_dataset: "knights_knaves", source_index: 0, solution: [false, true], names: ["Zoey", "Riley"] },
};

const message = (text: string) => ({ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] });

async function post(body: Record<string, unknown>) {
  return client(server, serverEnv("reasoning_gym")).post("/verify", body);
}

async function verify(output: unknown[], fields: Record<string, unknown> = {}) {
  const res = await post({ ...row, ...fields, response: { id: "r1", output } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const said = async (text: string) => verify([message(text)]);

describe("reasoning_gym: the answer, read as NeMo Gym reads it", () => {
  test("the last <answer> tags, stripped; every message's text joined with nothing between", async () => {
    expect(await said("<answer>Zoey is a sage</answer> no: <answer>\n Zoey is a fool, and Riley is a sage. </answer>")).toMatchObject({
      reward: 1,
      score: 1,
      task_name: "knights_knaves",
      extracted_answer: "Zoey is a fool, and Riley is a sage.",
    });
    // Split across messages: joined as they are, so the tag closes across them.
    expect((await verify([message("<answer>Zoey is a fool, and Riley"), message(" is a sage.</answer>")])).extracted_answer).toBe("Zoey is a fool, and Riley is a sage.");
    // String content counts too.
    expect((await verify([{ type: "message", role: "assistant", content: "<answer>x</answer>" }])).extracted_answer).toBe("x");
    // A match runs to the first closing tag; the next starts after it.
    expect((await said("<answer>a<answer>b</answer>")).extracted_answer).toBe("a<answer>b");
    expect((await said("<answer>a</answer><answer>b")).extracted_answer).toBe("a");
  });

  test("else the FIRST \\boxed{} holding no brace; else the whole reply, stripped", async () => {
    expect((await said("\\boxed{} then \\boxed{ first } then \\boxed{second}")).extracted_answer).toBe("first");
    // The first box is cut at its first closing brace, as the reference's pattern reads it.
    expect((await said("\\boxed{\\frac{1}{2}}")).extracted_answer).toBe("\\frac{1");
    expect((await said("\\boxed{open only")).extracted_answer).toBe("\\boxed{open only");
    expect((await said("  Zoey is a fool, and Riley is a sage.\n")).reward).toBe(1);
    expect(await said("   ")).toMatchObject({ reward: 0, extracted_answer: "" });
    expect(await verify([])).toMatchObject({ reward: 0, extracted_answer: "" });
  });

  test("reasoning and tool calls are not the answer", async () => {
    const output = [{ type: "reasoning", id: "rs", summary: [{ type: "summary_text", text: "<answer>Zoey is a fool, and Riley is a sage.</answer>" }] }, message("<answer>Zoey is a sage, and Riley is a fool</answer>")];
    expect(await verify(output)).toMatchObject({ reward: 0, extracted_answer: "Zoey is a sage, and Riley is a fool" });
  });

  test("a hostile reply of 500 KB of unclosed tags is read in linear time", async () => {
    for (const unit of ["<answer>", "\\boxed{", "<answer>\\boxed{"]) {
      const began = performance.now();
      const body = await said(unit.repeat(Math.floor(500_000 / unit.length)));
      expect(body.reward).toBe(0);
      expect(performance.now() - began).toBeLessThan(5_000);
    }
  });
});

describe("reasoning_gym: scoring", () => {
  test("the family named by metadata.source_dataset scores it, partial credit included", async () => {
    expect((await said("<answer>Riley is a sage and Zoey is a fool</answer>")).reward).toBe(1);
    expect((await said("<answer>Zoey is a fool, Riley is a fool</answer>")).reward).toBeCloseTo(0.65, 12);
    expect((await said("<answer>Zoey is a sage</answer>")).reward).toBe(0);
  });

  test("a row without a stored answer scores 0 where the family needs one (its scorer fails, as in the reference)", async () => {
    expect((await verify([message("<answer>Zoey is a fool, and Riley is a sage.</answer>")], { answer: null })).reward).toBe(0);
  });

  test("the library's base scorer: exact 1.0, the answer inside a longer one its share of the length", () => {
    const entry = { question: "", answer: "42", metadata: { source_dataset: "x" } };
    expect(defaultScore("42", entry)).toBe(1);
    expect(defaultScore("x = 42", entry)).toBe(2 / 6);
    expect(defaultScore("4 2", entry)).toBe(0);
    expect(defaultScore("", entry)).toBe(0);
    expect(defaultScore(null, entry)).toBe(0);
    // Lengths in code points, as Python counts them.
    expect(defaultScore("42😀", entry)).toBe(2 / 3);
    expect(defaultScore("anything", { ...entry, answer: null })).toBe(0);
  });
});

describe("reasoning_gym: bad rows", () => {
  test("an unknown dataset is a 400 naming it", async () => {
    const res = await post({ ...row, metadata: { source_dataset: "no_such_family" }, response: { id: "r", output: [] } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("metadata.source_dataset");
    expect(JSON.stringify(res.body)).toContain("no_such_family");
  });

  test.each([
    ["question", { question: undefined }],
    ["metadata", { metadata: undefined }],
    ["metadata.source_dataset", { metadata: { names: [] } }],
    ["answer", { answer: 42 }],
  ])("a missing or mistyped %s is a 400 naming it", async (path, fields) => {
    const res = await post({ ...row, ...fields, response: { id: "r", output: [] } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(path);
  });
});

describe("reasoning_gym: tasks it generates", () => {
  const generating = [...FAMILIES.values()].filter((family) => family.generate);
  const seedRow = (dataset: string, fields: Record<string, unknown> = {}) => ({ source_dataset: dataset, seed: 7, index: 3, ...fields });
  const seed = (body: Record<string, unknown>) => client(server, serverEnv("reasoning_gym")).post("/seed_session", body);

  test("at least one family of every kind generates (the issue asks for 40 in all)", () => {
    expect(generating.length).toBeGreaterThanOrEqual(40);
  });

  test.each(generating.map((family) => [family.name]))("%s: /seed_session hands out the prompt, /verify makes the same task and scores its answer 1", async (dataset) => {
    // composite mixes other generated datasets: it needs them named (the library's CompositeConfig.datasets).
    const mix = { config: { datasets: generating.filter((f) => f.name !== "composite").slice(0, 2).map((f) => ({ name: f.name, weight: 1 })) } };
    const row = seedRow(dataset, dataset === "composite" ? mix : {});
    const seeded = await seed(row);
    expect(seeded.status, JSON.stringify(seeded.body)).toBe(200);
    const prompt = seeded.body.input[0].content as string;
    const again = await seed(row);
    expect(again.body.input).toEqual(seeded.body.input);
    const answerOf = async (text: string) => (await post({ ...row, response: { id: "r", output: [message(text)] } })).body;
    // The stored answer of the generated task, as /verify reports it (a validity family's is one valid solution).
    const probe = await answerOf("<answer>?</answer>");
    expect(prompt).toContain(probe.question);
    // A composite task is one of its mixture's, named as that dataset.
    if (dataset !== "composite") expect(probe).toMatchObject({ task_name: dataset, metadata: { source_dataset: dataset } });
    if (typeof probe.answer === "string") {
      expect((await answerOf(`Here it is.\n<answer>${probe.answer}</answer>`)).reward).toBe(1);
      expect((await answerOf("<answer>surely not this</answer>")).reward).toBeLessThan(1);
    }
  });

  test("another seed or index is another task; a level of the library's curriculum sets the config", async () => {
    const family = generating.find((f) => levelCount(f.name) > 1)!;
    const question = async (fields: Record<string, unknown>) => (await seed(seedRow(family.name, fields))).body.input[0].content;
    const first = await question({});
    expect(new Set([first, await question({ seed: 8 }), await question({ index: 4 })]).size).toBe(3);
    const verified = await post({ ...seedRow(family.name, { level: 1 }), response: { id: "r", output: [] } });
    expect(verified.status).toBe(200);
    expect(verified.body.level).toBe(1);
    expect((await post({ ...seedRow(family.name, { level: levelCount(family.name) }), response: { id: "r", output: [] } })).status).toBe(400);
  });

  test("bad generation rows are 400s naming the field", async () => {
    const scoredOnly = [...FAMILIES.values()].find((family) => !family.generate);
    const cases: [Record<string, unknown>, string][] = [
      [{ source_dataset: generating[0]!.name }, "seed"],
      [{ source_dataset: generating[0]!.name, seed: -1 }, "seed"],
      [{ source_dataset: "no_such_family", seed: 1 }, "source_dataset"],
      [{ source_dataset: generating[0]!.name, seed: 1, question: "q", metadata: { source_dataset: generating[0]!.name } }, "not both"],
      ...(scoredOnly ? [[{ source_dataset: scoredOnly.name, seed: 1 }, "has no generator"] as [Record<string, unknown>, string]] : []),
    ];
    for (const [fields, text] of cases) {
      const res = await seed(fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(JSON.stringify(res.body)).toContain(text);
    }
    // A stored row is checked where it is scored.
    const verified = await post({ responses_create_params: { input: [] }, response: { id: "r", output: [] } });
    expect(verified.status).toBe(400);
    expect(JSON.stringify(verified.body)).toContain("question: expected a string");
  });
});
