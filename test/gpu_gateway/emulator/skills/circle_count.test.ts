// circle_count's emulator skill on the bundled rows (the reference's generated images) and on
// images made here: it counts the discs of the named colour in the picture itself, so the right
// path is the row's count; the wrong path is one too many; an image it cannot read is declined.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import type { Turn } from "../../../../gpu_gateway/emulator/messages.ts";
import { play } from "../../../../gpu_gateway/emulator/policy/index.ts";
import { boxedCount } from "../../../../workers/resources/circle_count/count.ts";
import { circlePng } from "../../../fixtures/circle_png.ts";
import type { ColourType } from "../../../fixtures/circle_png.ts";

const rows = readFileSync(new URL("../../../../workers/resources/circle_count/data/example.jsonl", import.meta.url), "utf8").trim().split("\n").map((l) => JSON.parse(l));

/** A message as the emulator sees it: its text with each image marked, and the image URLs. */
const turn = (message: any): Turn =>
  typeof message.content === "string"
    ? { role: message.role, content: message.content }
    : { role: message.role, content: message.content.map((p: any) => (p.type === "input_text" ? p.text : "<image>")).join("\n"), images: message.content.flatMap((p: any) => (p.type === "input_image" ? [p.image_url] : [])) };
const reply = (turns: Turn[], correct: boolean) => play({ turns, tools: [], correct }, "circle_count");
const asking = (image: string, text = "How many red circles are in the image?"): Turn[] => [{ role: "user", content: `<image>\n${text}`, images: [image] }];

describe("emulator: circle_count", () => {
  test.each(rows.map((row, i) => [i, row]))("row %i: the right path boxes the row's count, the wrong path another", (_i, row) => {
    const expected = row.circles.filter((c: any) => c.color === row.target_color).length;
    const turns = row.responses_create_params.input.map(turn);
    expect(boxedCount(reply(turns, true).content!)).toBe(BigInt(expected));
    expect(boxedCount(reply(turns, false).content!)).toBe(BigInt(expected + 1));
  });

  test.each([2, 6, 3] as ColourType[])("it counts from the pixels (colour type %i), not from the prompt's words", (colourType) => {
    const image = circlePng(100, 100, [{ x: 20, y: 20, radius: 9, color: "red" }, { x: 60, y: 30, radius: 9, color: "red" }, { x: 40, y: 75, radius: 9, color: "red" }, { x: 80, y: 80, radius: 9, color: "cyan" }], colourType);
    expect(reply(asking(image, "How many red circles are in the image? (There are 2 red circles, I think.)"), true).content).toMatch(/\\boxed\{3\}$/);
    expect(reply(asking(image, "How many cyan circles are in the image?"), true).content).toMatch(/\\boxed\{1\}$/);
    expect(reply(asking(image, "How many pink circles are in the image?"), true).content).toMatch(/\\boxed\{0\}$/);
  });

  test.each([
    ["no image", [{ role: "user", content: "How many red circles are in the image?" }] as Turn[]],
    ["a remote image", asking("https://example.com/circles.png")],
    ["a JPEG", asking("data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ==")],
    ["a corrupt PNG", asking("data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==")],
    ["a colour it does not know", asking(circlePng(40, 40, [{ x: 20, y: 20, radius: 9, color: "red" }]), "How many magenta circles are in the image?")],
  ])("it declines %s", (_name, turns) => {
    const action = reply(turns, true);
    expect(action.declined).toBe(true);
    expect(boxedCount(action.content!)).toBeUndefined();
  });
});
