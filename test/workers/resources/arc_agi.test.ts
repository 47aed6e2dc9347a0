import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/arc_agi/index.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";

const row = {
  responses_create_params: { input: [{ role: "user", content: "You are solving ARC-AGI task t-1.\n...\nTest Input:\n1 2\n3 4\n\nGive the output grid inside \\boxed{}." }] },
  train: [{ input: [[1, 0]], output: [[0, 1]] }],
  test_input: [[1, 2], [3, 4]],
  expected_output: [[2, 1], [4, 3]],
  task_id: "t-1",
};

async function verify(text: string, fields: Record<string, unknown> = {}) {
  const output = [
    { type: "reasoning", id: "rs_1", summary: [{ type: "summary_text", text: "\\boxed{[[9,9],[9,9]]}" }] },
    { type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] },
  ];
  const res = await client(server, serverEnv("arc_agi")).post("/verify", { ...row, ...fields, response: { id: "r1", output } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
const grid = async (text: string) => (await verify(text)).predicted_output;

describe("arc_agi", () => {
  test("the expected grid in \\boxed{} earns 1; reasoning is not the answer", async () => {
    expect(await verify("Mirror each row:\n$$\n\\boxed{[[2,1],[4,3]]}\n$$")).toMatchObject({
      ...row,
      reward: 1,
      predicted_output: [[2, 1], [4, 3]],
      extraction_successful: true,
    });
  });

  test("another grid is extracted but earns 0; no grid at all is an unsuccessful extraction", async () => {
    expect(await verify("\\boxed{[[1,2],[3,4]]}")).toMatchObject({ reward: 0, predicted_output: [[1, 2], [3, 4]], extraction_successful: true });
    expect(await verify("I cannot solve this.")).toMatchObject({ reward: 0, predicted_output: null, extraction_successful: false });
  });

  test("whitespace and line breaks inside the grid are fine", async () => {
    expect(await grid("\\boxed{[\n  [2, 1],\n  [4, 3]\n]}")).toEqual([[2, 1], [4, 3]]);
  });

  test("the first boxed grid that parses wins; unparsable boxes are skipped", async () => {
    expect(await grid("\\boxed{[[1,,2]]} then \\boxed{[[2,1],[4,3]]} then \\boxed{[[5]]}")).toEqual([[2, 1], [4, 3]]);
  });

  test("with no boxed grid, a grid anywhere in the answer counts; with boxed ones, only they do", async () => {
    expect(await grid("The output is [[2, 1], [4, 3]].")).toEqual([[2, 1], [4, 3]]);
    // A box holding more than a grid is not a boxed grid; the grid inside it is found loose.
    expect(await grid("\\boxed{[[2,1],[4,3]] is the answer}")).toEqual([[2, 1], [4, 3]]);
    expect(await grid("The rule gives [[2, 1], [4, 3]], so \\boxed{[[1,,2]]}")).toBeNull();
    expect(await grid("Rows: [2, 1] and [4, 3]")).toBeNull();
  });

  test.each([
    ["an empty grid", "\\boxed{[[]]}"],
    ["an empty first row", "\\boxed{[[],[1]]}"],
    ["a flat list", "\\boxed{[1,2]}"],
    ["negative cells", "\\boxed{[[-1,2]]}"],
  ])("%s is no grid", async (_name, text) => {
    expect(await grid(text)).toBeNull();
  });

  test("a ragged grid is read, and differs from a rectangular one", async () => {
    expect(await verify("\\boxed{[[2,1],[4]]}")).toMatchObject({ reward: 0, predicted_output: [[2, 1], [4]] });
  });

  test("adversarial bracket runs are scanned in linear time", async () => {
    const started = Date.now();
    await verify(`${"[".repeat(100_000)}${" 1,".repeat(30_000)}`);
    await verify(`${"\\boxed{[[".repeat(20_000)}`);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  test("bad rows are 400 with field paths", async () => {
    const s = client(server, serverEnv("arc_agi"));
    expect((await s.post("/seed_session", row)).status).toBe(200);
    const bad = await s.post("/seed_session", { ...row, expected_output: [[1, "2"]], test_input: "1 2", train: [{ input: [[1]] }] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(["expected_output[0][1]", "test_input", "train[0].output"]);
    const empty = await s.post("/seed_session", { ...row, expected_output: [] });
    expect(empty.body.error.issues.map((i: { path: string }) => i.path)).toEqual(["expected_output"]);
  });
});
