// The emulator as a judge model, for calls that name no environment (the servers' judge calls):
// it finds the verdict labels the system prompt asks for and the
// two answers between the Start/End markers; the right path gives the true verdict, the wrong
// path the opposite one.
import { describe, expect, test } from "vitest";
import { play } from "../../../gpu_gateway/emulator/policy/index.ts";

const system = "Judge equivalence. Output [[A=B]] if equivalent, [[A!=B]] if not.";
const user = (a: string, b: string) =>
  `<|Problem|>\nWhat is half of one?\n\n<|Start of Assistant A's Answer|>\n${a}\n<|End of Assistant A's Answer|>\n\n<|Start of Assistant B's Answer|>\n${b}\n<|End of Assistant B's Answer|>`;

const verdict = (a: string, b: string, correct: boolean) => {
  const text = play({ turns: [{ role: "system", content: system }, { role: "user", content: user(a, b) }], tools: [], correct }).content ?? "";
  return text.endsWith("[[A=B]].") ? "equal" : text.endsWith("[[A!=B]].") ? "different" : text;
};

describe("emulator: judge", () => {
  test.each([
    ["\\(\\frac{1}{2}\\)", "1/2", "equal"],
    ["\\boxed{0.5}", "\\frac{1}{2}", "equal"],
    ["Paris", "paris.", "equal"],
    ["-3", "\\boxed{-4}", "different"],
    ["Paris", "Lyon", "different"],
  ])("%s vs %s: the right path says %s, the wrong path the opposite", (a, b, truth) => {
    expect(verdict(a, b, true)).toBe(truth);
    expect(verdict(a, b, false)).toBe(truth === "equal" ? "different" : "equal");
  });

  test("a prompt with labels other than A and B gets those labels", () => {
    const turns = [
      { role: "system" as const, content: "Reply [[X=Y]] or [[X!=Y]]." },
      { role: "user" as const, content: user("7", "8") },
    ];
    expect(play({ turns, tools: [], correct: true }).content).toMatch(/\[\[X!=Y\]\]\.$/);
  });

  test("a conversation without verdict labels is not the judge's", () => {
    const text = play({ turns: [{ role: "user", content: user("1", "1") }], tools: [], correct: true }).content ?? "";
    expect(text).not.toMatch(/\[\[/);
  });

  test("a judge prompt is the judge's also under an environment name without a skill of its own", () => {
    const turns = [
      { role: "system" as const, content: system },
      { role: "user" as const, content: user("1", "2") },
    ];
    expect(play({ turns, tools: [], correct: true }, "no_such_environment").content).toMatch(/\[\[A!=B\]\]\.$/);
  });

  test("a server's judge call (<environment>#judge) is never played by that environment's policy skill", () => {
    const turns = [
      { role: "system" as const, content: system },
      { role: "user" as const, content: user("3", "3") },
    ];
    // math_with_judge's skill solves problems; its judge calls get a verdict.
    expect(play({ turns, tools: [], correct: true }, "math_with_judge#judge").content).toMatch(/\[\[A=B\]\]\.$/);
    expect(play({ turns, tools: [], correct: true }, "math_with_judge#judge").declined).toBeFalsy();
  });
});
