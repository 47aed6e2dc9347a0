import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/circle_count/index.ts";
import { circlePng } from "../../fixtures/circle_png.ts";
import type { DrawnCircle } from "../../fixtures/circle_png.ts";
import { assistantMessage, client, serverEnv } from "../../workerd/helpers.ts";

const circles: DrawnCircle[] = [
  { x: 30, y: 30, radius: 14, color: "red" },
  { x: 90, y: 40, radius: 14, color: "red" },
  { x: 60, y: 100, radius: 14, color: "blue" },
];
// The shape of a row in data/example.jsonl, with a real image of its circles.
const row = {
  responses_create_params: {
    input: [
      { role: "system", content: "Count the circles of the colour asked for and give the number in \\boxed{}." },
      {
        role: "user",
        content: [
          { type: "input_image", image_url: circlePng(128, 128, circles), detail: "auto" },
          { type: "input_text", text: "How many red circles are in the image?" },
        ],
      },
    ],
  },
  circles,
  target_color: "red",
};

const open = () => client(server, serverEnv("circle_count"));

async function verify(texts: string | string[], fields: Record<string, unknown> = {}) {
  const output = [{ type: "reasoning", id: "rs", summary: [{ type: "summary_text", text: "\\boxed{2}" }] }, ...[texts].flat().map(assistantMessage)];
  const res = await open().post("/verify", { ...row, ...fields, response: { id: "r1", output } });
  expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
  return res.body;
}

describe("circle_count", () => {
  test("the right count earns 1; the row comes back with both counts", async () => {
    expect(await verify("There are 2 red circles. \\boxed{2}")).toMatchObject({ ...row, reward: 1, predicted_count: 2, expected_count: 2, correct: true });
    expect(await verify("\\boxed{3}")).toMatchObject({ reward: 0, predicted_count: 3, expected_count: 2, correct: false });
    expect(await verify("\\boxed{1}", { target_color: "blue" })).toMatchObject({ reward: 1, expected_count: 1 });
    expect(await verify("\\boxed{0}", { target_color: "green" })).toMatchObject({ reward: 1, predicted_count: 0, expected_count: 0 });
  });

  test.each([
    ["the first boxed number, not the last", "First \\boxed{2}, on reflection \\boxed{1}", 2],
    ["a box of digits after one that is not", "\\boxed{two} so \\boxed{x}\\boxed{2}", 2],
    ["leading zeros", "\\boxed{002}", 2],
    ["digits of another script", "\\boxed{٢}", 2],
    ["a box inside a box", "\\boxed{\\boxed{2}}", 2],
    ["message parts joined with nothing between them", ["\\boxed{", "2}"], 2],
  ])("reads %s", async (_name, text, count) => {
    expect(await verify(text)).toMatchObject({ predicted_count: count, reward: count === 2 ? 1 : 0 });
  });

  test.each([
    ["no box", "I think there are two red circles."],
    ["a spaced box", "\\boxed{ 2 }"],
    ["a decimal", "\\boxed{2.0}"],
    ["a sign", "\\boxed{+2}"],
    ["a word", "\\boxed{two}"],
    ["an empty reply", ""],
  ])("reads no count from %s", async (_name, text) => {
    expect(await verify(text)).toMatchObject({ reward: 0, predicted_count: null, correct: false, expected_count: 2 });
  });

  test("a count past a double's range comes back digit for digit", async () => {
    const res = await open().send("/verify", { ...row, response: { id: "r1", output: [assistantMessage("\\boxed{123456789012345678901234567890}")] } });
    const text = await res.text();
    expect(text).toContain('"predicted_count":123456789012345678901234567890');
    expect(JSON.parse(text)).toMatchObject({ reward: 0, correct: false });
  });

  test("a row without circles or a target colour gets the reference's defaults", async () => {
    const res = await open().post("/verify", { responses_create_params: row.responses_create_params, response: { id: "r1", output: [assistantMessage("\\boxed{0}")] } });
    expect(res.body).toMatchObject({ circles: [], target_color: "", reward: 1, expected_count: 0, predicted_count: 0 });
  });

  test("only a circle's colour is read: its other fields pass through", async () => {
    const loose = [{ color: "red" }, { color: "red", label: "second" }];
    expect(await verify("\\boxed{2}", { circles: loose })).toMatchObject({ reward: 1, circles: loose });
  });

  test("bad rows are 400 with field paths", async () => {
    const bad = await open().post("/verify", { ...row, circles: [circles[0], { x: 1, y: 2 }], target_color: ["red"], response: { id: "r1", output: [] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(["circles[1].color", "target_color"]);
  });

  test("a 500 KB reply is read quickly", async () => {
    const started = performance.now();
    expect(await verify(["\\boxed{".repeat(70_000), "\\boxed{2}"])).toMatchObject({ reward: 1 });
    expect(await verify(`\\boxed{${"1".repeat(500_000)}`)).toMatchObject({ predicted_count: null });
    expect(await verify(`\\boxed{${"٢".repeat(500_000)}}`)).toMatchObject({ predicted_count: null });
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
