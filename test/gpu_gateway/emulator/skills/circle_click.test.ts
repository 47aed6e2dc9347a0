// circle_click's emulator skill on the bundled rows (the reference's generated images) and on
// images made here: it finds the disc of the named colour in the picture and clicks its centre,
// which lands inside the row's circle; the wrong path clicks a disc of another colour.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import type { Turn } from "../../../../gpu_gateway/emulator/messages.ts";
import { play } from "../../../../gpu_gateway/emulator/policy/index.ts";
import { circlePng } from "../../../fixtures/circle_png.ts";

const rows = readFileSync(new URL("../../../../workers/resources/circle_click/data/example.jsonl", import.meta.url), "utf8").trim().split("\n").map((l) => JSON.parse(l));
const CLICK = { name: "click", parameters: { type: "object", properties: { x: { type: "integer" }, y: { type: "integer" } } } };

/** A message as the emulator sees it: its text with each image marked, and the image URLs. */
const turn = (message: any): Turn =>
  typeof message.content === "string"
    ? { role: message.role, content: message.content }
    : { role: message.role, content: message.content.map((p: any) => (p.type === "input_text" ? p.text : "<image>")).join("\n"), images: message.content.flatMap((p: any) => (p.type === "input_image" ? [p.image_url] : [])) };
const reply = (turns: readonly Turn[], correct: boolean) => play({ turns, tools: [CLICK], correct }, "circle_click");
const inside = (args: any, c: any) => Math.hypot(args.x - c.x, args.y - c.y) <= c.radius;

describe("emulator: circle_click", () => {
  test.each(rows.map((row, i) => [i, row]))("row %i: the right path clicks inside the target circle, the wrong path outside it", (_i, row) => {
    const target = row.circles.find((c: any) => c.color === row.target_color);
    const turns = row.responses_create_params.input.map(turn);
    const right = reply(turns, true);
    expect(right.toolCalls).toHaveLength(1);
    expect(right.toolCalls[0]!.name).toBe("click");
    expect(inside(right.toolCalls[0]!.arguments, target)).toBe(true);
    const wrong = reply(turns, false).toolCalls[0]!;
    expect(inside(wrong.arguments, target)).toBe(false);
  });

  test("it clicks where the disc is drawn, wherever the prompt says it is; after the click it is done", () => {
    const image = circlePng(120, 120, [{ x: 90, y: 30, radius: 12, color: "purple" }, { x: 30, y: 90, radius: 12, color: "green" }], 6);
    const turns: Turn[] = [{ role: "user", content: "<image>\nThe purple circle is at the bottom left. Click on the purple circle.", images: [image] }];
    const right = reply(turns, true);
    expect(right.toolCalls).toEqual([{ name: "click", arguments: { x: 90, y: 30 } }]);
    expect(reply(turns, false).toolCalls).toEqual([{ name: "click", arguments: { x: 30, y: 90 } }]);
    const after: Turn[] = [...turns, { role: "assistant", content: "", tool_calls: [{ id: "c1", type: "function", function: { name: "click", arguments: { x: 90, y: 30 } } }] }, { role: "tool", content: '{"x":90,"y":30}', tool_call_id: "c1" }];
    expect(reply(after, true)).toMatchObject({ content: "I clicked the circle.", toolCalls: [] });
  });

  test("a colour not in the image, or an image it cannot read, is declined", () => {
    const image = circlePng(60, 60, [{ x: 30, y: 30, radius: 10, color: "red" }], 0);
    expect(reply([{ role: "user", content: "<image>\nClick on the red circle.", images: [image] }], true).declined).toBe(true);
    const rgb = circlePng(60, 60, [{ x: 30, y: 30, radius: 10, color: "red" }]);
    expect(reply([{ role: "user", content: "<image>\nClick on the blue circle.", images: [rgb] }], true).declined).toBe(true);
  });
});
