// gui_coordinate's emulator skill on the bundled rows (the reference's generated images) and on
// images made here: it finds the disc of the named colour and points at its centre in
// thousandths, scoring near 1 under the server's own scoring; the wrong path points at another disc.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import type { Turn } from "../../../../gpu_gateway/emulator/messages.ts";
import { play } from "../../../../gpu_gateway/emulator/policy/index.ts";
import { expectedPoint, replyPoint } from "../../../../workers/resources/gui_coordinate/point.ts";
import { circlePng } from "../../../fixtures/circle_png.ts";

const rows = readFileSync(new URL("../../../../workers/resources/gui_coordinate/data/example.jsonl", import.meta.url), "utf8").trim().split("\n").map((l) => JSON.parse(l));

/** A message as the emulator sees it: its text with each image marked, and the image URLs. */
const turn = (message: any): Turn =>
  typeof message.content === "string"
    ? { role: message.role, content: message.content }
    : { role: message.role, content: message.content.map((p: any) => (p.type === "input_text" ? p.text : "<image>")).join("\n"), images: message.content.flatMap((p: any) => (p.type === "input_image" ? [p.image_url] : [])) };
const reply = (turns: readonly Turn[], correct: boolean) => play({ turns, tools: [], correct }, "gui_coordinate");
const distance = (text: string, expected: string) => {
  const [p, e] = [replyPoint(text)!, expectedPoint(expected)!];
  return Math.hypot(p.x - e.x, p.y - e.y);
};

describe("emulator: gui_coordinate", () => {
  test.each(rows.map((row, i) => [i, row]))("row %i: the right path points within a thousandth of the target, the wrong path far from it", (_i, row) => {
    const turns = row.responses_create_params.input.map(turn);
    expect(distance(reply(turns, true).content!, row.expected_answer)).toBeLessThanOrEqual(0.0015);
    expect(distance(reply(turns, false).content!, row.expected_answer)).toBeGreaterThan(row.max_dist);
  });

  test("it points where the disc is drawn, in thousandths of a wide image's width and height", () => {
    const image = circlePng(200, 100, [{ x: 150, y: 25, radius: 10, color: "pink" }, { x: 40, y: 70, radius: 10, color: "yellow" }], 3);
    const turns: Turn[] = [{ role: "user", content: "<image>\nPoint to the centre of the pink circle. Respond with <point>(x, y)</point>.", images: [image] }];
    expect(reply(turns, true).content).toBe("<point>(750, 250)</point>");
    expect(reply(turns, false).content).toBe("<point>(200, 700)</point>");
  });

  test("no image it can read is declined", () => {
    const action = reply([{ role: "user", content: "<image>\nPoint to the centre of the pink circle.", images: ["https://example.com/a.png"] }], true);
    expect(action.declined).toBe(true);
    expect(replyPoint(action.content!)).toBeUndefined();
  });
});
