import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/circle_click/index.ts";
import { circlePng } from "../../fixtures/circle_png.ts";
import type { DrawnCircle } from "../../fixtures/circle_png.ts";
import { assistantMessage, client, serverEnv } from "../../workerd/helpers.ts";

const CLICK_TOOL = {
  type: "function",
  name: "click",
  description: "Click at pixel coordinates (x, y) in the image.",
  parameters: { type: "object", properties: { x: { type: "integer" }, y: { type: "integer" } }, required: ["x", "y"], additionalProperties: false },
  strict: true,
};
const circles: DrawnCircle[] = [
  { x: 40, y: 40, radius: 18, color: "red" },
  { x: 110, y: 60, radius: 18, color: "blue" },
  { x: 60, y: 110, radius: 18, color: "green" },
];
// The shape of a row in data/example.jsonl, with a real image of its circles.
const row = {
  responses_create_params: {
    input: [
      { role: "system", content: "Use the click tool to click on the centre of the circle asked for." },
      {
        role: "user",
        content: [
          { type: "input_image", image_url: circlePng(160, 160, circles), detail: "auto" },
          { type: "input_text", text: "This is a 160x160 pixel image. It shows a blue circle, a green circle, and a red circle. Click on the red circle." },
        ],
      },
    ],
    tools: [CLICK_TOOL],
  },
  circles,
  target_color: "red",
};

const clickCall = (args: string, name = "click", id = "c1") => ({ type: "function_call", call_id: id, name, arguments: args });
const click = (x: unknown, y: unknown) => clickCall(JSON.stringify({ x, y }));

const open = () => client(server, serverEnv("circle_click"));

async function verify(output: unknown[], fields: Record<string, unknown> = {}) {
  const res = await open().post("/verify", { ...row, ...fields, response: { id: "r1", output } });
  expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
  return res.body;
}

describe("circle_click", () => {
  test("a click at the target's centre hits; the row comes back with the click", async () => {
    expect(await verify([click(40, 40), { type: "function_call_output", call_id: "c1", output: '{"x":40,"y":40}' }])).toMatchObject({
      ...row,
      reward: 1,
      clicked_x: 40,
      clicked_y: 40,
      hit: true,
    });
  });

  test("the edge of the circle is inside, one pixel past it is not; another circle is a miss", async () => {
    expect(await verify([click(40 + 18, 40)])).toMatchObject({ reward: 1, hit: true });
    expect(await verify([click(40 + 19, 40)])).toMatchObject({ reward: 0, hit: false, clicked_x: 59, clicked_y: 40 });
    expect(await verify([click(110, 60)])).toMatchObject({ reward: 0, hit: false });
    expect(await verify([click(110, 60)], { target_color: "blue" })).toMatchObject({ reward: 1, hit: true });
  });

  test("only the first circle of the target colour is tried, as in the reference", async () => {
    const twoReds = [...circles, { x: 130, y: 130, radius: 18, color: "red" }];
    expect(await verify([click(130, 130)], { circles: twoReds })).toMatchObject({ reward: 0, hit: false, clicked_x: 130 });
    expect(await verify([click(40, 40)], { circles: twoReds })).toMatchObject({ reward: 1 });
  });

  test("the first click call counts: other tools are passed over, later clicks are not read", async () => {
    expect(await verify([clickCall('{"x": 40, "y": 40}', "tap", "c0"), click(40, 40)])).toMatchObject({ reward: 1 });
    expect(await verify([click(110, 60), clickCall('{"x": 40, "y": 40}', "click", "c2")])).toMatchObject({ reward: 0, clicked_x: 110 });
    expect(await verify([clickCall("not json"), click(40, 40)])).toMatchObject({ reward: 0, clicked_x: null, clicked_y: null });
    expect(await verify([assistantMessage("I would click at (40, 40).")])).toMatchObject({ reward: 0, clicked_x: null, clicked_y: null, hit: false });
  });

  test.each([
    ["strings of digits", "40", " 41 ", 40, 41, 1],
    ["floats, cut towards zero", 40.9, -0.5, 40, 0, 0],
    ["whole floats and a bool", 40.0, true, 40, 1, 0],
    ["a signed string with an underscore", "+4_0", "4_0", 40, 40, 1],
    ["digits of another script", "٤٠", "40", 40, 40, 1],
  ])("coordinates are read as Python's int() reads them: %s", async (_name, x, y, clickedX, clickedY, reward) => {
    expect(await verify([click(x, y)])).toMatchObject({ clicked_x: clickedX, clicked_y: clickedY, reward });
  });

  test.each([
    ["x a list (what the recorded model sent)", '{"x": [637, 669], "y": "456"}', null, null],
    ["x a float string", '{"x": "40.5", "y": 40}', null, null],
    ["x missing", '{"y": 40}', null, null],
    ["x null", '{"x": null, "y": 40}', null, null],
    ["arguments not an object", "[40, 40]", null, null],
    ["y a list: x is still read", '{"x": 40, "y": [40]}', 40, null],
    ["y missing: x is still read", '{"x": 40}', 40, null],
  ])("unreadable coordinates are null and miss: %s", async (_name, args, clickedX, clickedY) => {
    expect(await verify([clickCall(args)])).toMatchObject({ reward: 0, hit: false, clicked_x: clickedX, clicked_y: clickedY });
  });

  test("an integer past a double's range comes back digit for digit", async () => {
    const res = await open().send("/verify", { ...row, response: { id: "r1", output: [clickCall('{"x": 123456789012345678901234567890, "y": 40}')] } });
    const text = await res.text();
    expect(text).toContain('"clicked_x":123456789012345678901234567890');
    expect(JSON.parse(text)).toMatchObject({ reward: 0, hit: false, clicked_y: 40 });
  });

  test("a row without circles or a target colour gets the reference's defaults and scores 0", async () => {
    const res = await open().post("/verify", { responses_create_params: row.responses_create_params, response: { id: "r1", output: [click(40, 40)] } });
    expect(res.body).toMatchObject({ circles: [], target_color: "", reward: 0, hit: false, clicked_x: 40, clicked_y: 40 });
  });

  test("the click tool answers with what it was sent, whatever it is", async () => {
    const s = open();
    expect((await s.post("/seed_session", row)).status).toBe(200);
    expect((await s.post("/click", { x: 40, y: 41 })).body).toEqual({ x: 40, y: 41 });
    expect((await s.post("/click", { x: [637, 669], y: "456" })).body).toEqual({ x: [637, 669], y: "456" });
    const missing = await s.post("/click", { x: 40 });
    expect(missing.status).toBe(400);
    expect(missing.body.error.issues.map((i: { path: string }) => i.path)).toEqual(["y"]);
  });

  test("bad rows are 400 with field paths", async () => {
    const bad = await open().post("/verify", {
      ...row,
      circles: [{ ...circles[0], radius: "18" }, { x: 1, y: 2, radius: 3 }],
      target_color: 7,
      response: { id: "r1", output: [click(40, 40)] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(["circles[0].radius", "circles[1].color", "target_color"]);
  });

  test("a 500 KB reply is read quickly", async () => {
    const started = performance.now();
    const padded = clickCall(`{"x": "${" ".repeat(500_000)}40", "y": 40, "note": "${"9".repeat(100_000)}"}`);
    expect(await verify([assistantMessage("x".repeat(500_000)), padded])).toMatchObject({ reward: 1, clicked_x: 40 });
    expect(await verify([clickCall(`{"x": "${"4".repeat(500_000)}", "y": 40}`)])).toMatchObject({ reward: 0, clicked_x: null });
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
