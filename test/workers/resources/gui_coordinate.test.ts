import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/gui_coordinate/index.ts";
import { circlePng } from "../../fixtures/circle_png.ts";
import { assistantMessage, client, serverEnv } from "../../workerd/helpers.ts";

// The shape of a row in data/example.jsonl, with a real image: an orange circle centred at (0.653, 0.662) of a 200×200 image.
const row = {
  responses_create_params: {
    input: [
      {
        role: "user",
        content: [
          { type: "input_image", image_url: circlePng(200, 200, [{ x: 130.6, y: 132.4, radius: 15, color: "orange" }, { x: 40, y: 40, radius: 15, color: "blue" }]) },
          { type: "input_text", text: "Point to the centre of the orange circle. Respond with <point>(x, y)</point> in thousandths of the image width and height." },
        ],
      },
    ],
  },
  expected_answer: "0.6530,0.6620",
  max_dist: 0.15,
  metadata: { target_color: "orange" },
};

const open = () => client(server, serverEnv("gui_coordinate"));

async function verify(texts: string | string[], fields: Record<string, unknown> = {}) {
  const output = [{ type: "reasoning", id: "rs", summary: [{ type: "summary_text", text: "<point>(653, 662)</point>" }] }, ...[texts].flat().map(assistantMessage)];
  const res = await open().post("/verify", { ...row, ...fields, response: { id: "r1", output } });
  expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
  return res.body;
}

describe("gui_coordinate", () => {
  test("the reward falls off with the square of the distance; the row comes back with the point", async () => {
    // A recorded rollout of the reference: its reward and distance to the last bit.
    expect(await verify("<point>(630, 610)</point>")).toMatchObject({
      expected_answer: row.expected_answer,
      max_dist: 0.15,
      metadata: row.metadata,
      reward: 0.3855625435113152,
      extracted_x: 0.63,
      extracted_y: 0.61,
      distance: 0.05685947590331805,
    });
    expect(await verify("<point>(653, 662)</point>")).toMatchObject({ reward: 1, distance: 0 });
    expect(await verify("<point>(500, 250)</point>", { expected_answer: "0.5,0.25", max_dist: 0.1 })).toMatchObject({ reward: 1 });
    // Python's float arithmetic, bit for bit: 0.55 - 0.5 is a hair over 0.05.
    expect(await verify("<point>(550, 250)</point>", { expected_answer: "0.5,0.25", max_dist: 0.1 })).toMatchObject({ reward: 0.24999999999999956, distance: 0.050000000000000044 });
  });

  test("at or past max_dist the reward is 0, with the distance still given", async () => {
    expect(await verify("<point>(900, 900)</point>", { expected_answer: "0.5,0.25", max_dist: 0.1 })).toMatchObject({ reward: 0, extracted_x: 0.9, extracted_y: 0.9 });
    expect(await verify("<point>(700, 250)</point>", { expected_answer: "0.5,0.25", max_dist: 0.1 })).toMatchObject({ reward: 0 });
    // 0.6 - 0.5 falls a hair short of 0.1, so this point is inside, as in the reference.
    expect(await verify("<point>(600, 250)</point>", { expected_answer: "0.5,0.25", max_dist: 0.1 })).toMatchObject({ reward: 4.930380657631324e-32, distance: 0.09999999999999998 });
    expect(await verify("<point>(500, 250)</point>", { expected_answer: "0.5,0.25", max_dist: 0 })).toMatchObject({ reward: 0, distance: 0 });
  });

  test.each([
    ["brackets around the pair", "<point>[(653,662)]</point>"],
    ["spaces and newlines between the tokens", "I will click <point>\n( 653 ,\t662 )\n</point> now."],
    ["a bracket on one side only", "<point>[(653, 662)</point>"],
    ["the first well-formed point after a broken one", "<point>653 662</point> <point>(653, 662)</point>"],
    ["the first point, not the last", "<point>(653, 662)</point> or <point>(100, 100)</point>"],
    ["digits of another script", "<point>(٦٥٣, ٦٦٢)</point>"],
    ["messages joined by newlines", ["<point>(653,", "662)</point>"]],
  ])("reads %s", async (_name, text) => {
    expect(await verify(text)).toMatchObject({ reward: 1, extracted_x: 0.653, extracted_y: 0.662 });
  });

  test.each([
    ["no parentheses", "<point>653 662</point>"],
    ["a decimal", "<point>(653.0, 662)</point>"],
    ["a sign", "<point>(-653, 662)</point>"],
    ["no closing tag", "<point>(653, 662)"],
    ["a bare pair", "(653, 662)"],
    ["an empty reply", ""],
  ])("reads no point from %s", async (_name, text) => {
    expect(await verify(text)).toMatchObject({ reward: 0, extracted_x: null, extracted_y: null, distance: null });
  });

  test.each([
    ["spaces around the numbers", " 0.653 , 0.662 ", 1],
    ["underscores, as float() allows", "0.6_5_3,0.662", 1],
    ["not numbers", "not,coords", null],
    ["three parts", "0.1,0.2,0.3", null],
    ["one part", "0.653", null],
    ["an infinite part", "inf,0.662", null],
  ])("the expected point is read as Python's float() reads it: %s", async (_name, expected, reward) => {
    const body = await verify("<point>(653, 662)</point>", { expected_answer: expected });
    if (reward === null) expect(body).toMatchObject({ reward: 0, extracted_x: null, extracted_y: null, distance: null, expected_answer: expected });
    else expect(body).toMatchObject({ reward });
  });

  test("max_dist defaults to 0.15 and metadata to null, both echoed", async () => {
    const res = await open().post("/verify", { responses_create_params: row.responses_create_params, expected_answer: "0.5,0.5", response: { id: "r1", output: [assistantMessage("<point>(575, 500)</point>")] } });
    expect(res.body).toMatchObject({ max_dist: 0.15, metadata: null, reward: 0.2500000000000002 });
  });

  test("bad rows are 400 with field paths", async () => {
    const { expected_answer: _dropped, ...withoutAnswer } = row;
    const bad = await open().post("/verify", { ...withoutAnswer, max_dist: "0.15", metadata: "orange", response: { id: "r1", output: [] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(["expected_answer", "max_dist", "metadata"]);
  });

  test("a 500 KB reply is read quickly", async () => {
    const started = performance.now();
    expect(await verify(["<point>" + " ".repeat(500_000) + "]", "<point>(653, 662)</point>"])).toMatchObject({ reward: 1 });
    expect(await verify("<point>[(".repeat(60_000) + "<point>(653, 662)</point>")).toMatchObject({ reward: 1 });
    expect(await verify(`<point>(${"1".repeat(500_000)}, 662)</point>`)).toMatchObject({ extracted_x: null });
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
