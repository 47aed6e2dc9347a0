import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/proof_genselect/index.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";

const row = {
  responses_create_params: { input: [{ role: "user", content: "Pick the better proof. End with <best_solution>Index</best_solution>." }] },
  problem: "Prove that 2 + 2 = 4.",
  proof_1: "By counting.",
  proof_2: "By the Peano axioms, step by step.",
  correct_index: 2,
  score_1: 0.5,
  score_2: 1,
};

const answer = (...texts: string[]) => ({
  id: "r1",
  output: [{ type: "message", role: "assistant", content: texts.map((text) => ({ type: "output_text", text, annotations: [] })) }],
});

async function verify(text: string | string[], fields: Record<string, unknown> = {}, config?: Record<string, unknown>) {
  const env = serverEnv("proof_genselect", config ? { INSTANCE_CONFIG: config } : {});
  const res = await client(server, env).post("/verify", { ...row, ...fields, response: answer(...[text].flat()) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
const reward = async (text: string | string[], config?: Record<string, unknown>) => (await verify(text, {}, config)).reward;

describe("proof_genselect", () => {
  test("the right index earns 1, the other 0; the row is echoed", async () => {
    expect(await verify("<analysis>2 is careful.</analysis>\n<best_solution>2</best_solution>")).toMatchObject({ ...row, reward: 1 });
    expect(await reward("<best_solution>1</best_solution>")).toBe(0);
  });

  test.each([
    ["spaces and a plus sign", "<best_solution> +2\n</best_solution>", 1],
    ["separators str.strip removes (int() alone would refuse them)", "<best_solution>\x1c2\x1f</best_solution>", 1],
    ["leading zeros and an underscore", "<best_solution>0_02</best_solution>", 1],
    ["a full-width digit (int() reads any script)", "<best_solution>\uff12</best_solution>", 1],
    ["an Arabic-Indic digit", "<best_solution>\u0662</best_solution>", 1],
    ["the first tag, not the last", "<best_solution>2</best_solution> or <best_solution>1</best_solution>", 1],
    ["a closing tag before the opening one (the text after the opening tag is read)", "</best_solution> <best_solution> 2", 1],
    ["text after the last </think> only", "<best_solution>1</best_solution></think><best_solution>2</best_solution>", 1],
    ["a tag inside the thinking only", "<think><best_solution>2</best_solution></think> I pick 2.", 0],
    ["words in the tag", "<best_solution>Solution 2</best_solution>", 0],
    ["a decimal", "<best_solution>2.0</best_solution>", 0],
    ["a double underscore", "<best_solution>0__2</best_solution>", 0],
    ["an out-of-range index", "<best_solution>3</best_solution>", 0],
    ["no closing tag", "<best_solution>2", 0],
    ["an empty reply", "", 0],
  ])("reads %s", async (_name, text, expected) => {
    expect(await reward(text)).toBe(expected);
  });

  test("output_text parts are joined with no separator", async () => {
    expect(await reward(["<best_solution>", "2</best_", "solution>"])).toBe(1);
  });

  test("assert_think_end: a reply without </think> scores 0", async () => {
    expect(await reward("<best_solution>2</best_solution>", { assert_think_end: true })).toBe(0);
    expect(await reward("thoughts</think><best_solution>2</best_solution>", { assert_think_end: true })).toBe(1);
  });

  test("absent scores come back null", async () => {
    const { score_1: _1, score_2: _2, ...bare } = row;
    const res = await client(server, serverEnv("proof_genselect")).post("/verify", { ...bare, response: answer("<best_solution>2</best_solution>") });
    expect(res.body).toMatchObject({ reward: 1, score_1: null, score_2: null });
  });

  test("bad rows are 400 with field paths", async () => {
    const { proof_2: _, ...noProof } = row;
    const bad = await client(server, serverEnv("proof_genselect")).post("/verify", { ...noProof, correct_index: 1.5, score_1: "high", response: answer("") });
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(["correct_index", "proof_2", "score_1"]);
  });

  test("a 500 KB reply is read quickly", async () => {
    const started = performance.now();
    expect(await reward("</think>".repeat(60_000) + "<best_solution>2</best_solution>")).toBe(1);
    expect(await reward("<best_solution>" + "2".repeat(500_000) + "</best_solution>")).toBe(0);
    expect(await reward("<best_solution>" + "\u0662".repeat(500_000) + "</best_solution>")).toBe(0);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
