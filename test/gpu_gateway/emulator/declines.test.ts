// The emulator says which calls it could not play (a skill that cannot work the task out, or an
// environment with no skill), counts them per environment at /metrics, and eval turns the counts
// into lines naming the environments whose rewards say nothing of the verifier.
import { describe, expect, test } from "vitest";
import { Metrics } from "../../../gpu_gateway/emulator/metrics.ts";
import { play } from "../../../gpu_gateway/emulator/policy/index.ts";
import { declineLines, parseDeclines } from "../../../scripts/stack/emulator_declines.ts";

const ask = (content: string) => ({ turns: [{ role: "user" as const, content }], tools: [], correct: true });

describe("declined calls", () => {
  test("a skill that cannot work the row out declines; one that can plays", () => {
    expect(play(ask("Which city is the capital of France?\nA: Rome\nB: Paris\nC: Oslo\nD: Bern\n\nEnd with 'Answer: X'."), "mcqa").declined).toBe(true);
    expect(play(ask("What is 27 + 58?\nA: 75\nB: 95\nC: 85\nD: 86\n\nEnd with 'Answer: X'."), "mcqa").declined).toBe(false);
  });

  test("an environment with no skill of its own is declined; a call naming none (a judge's) is not", () => {
    expect(play(ask("Tell me a story."), "an_environment_without_a_skill").declined).toBe(true);
    expect(play(ask("Tell me a story.")).declined).toBe(false);
  });

  test("counted per environment at /metrics, read back, and named in eval's lines", () => {
    const metrics = new Metrics();
    for (let i = 0; i < 3; i++) metrics.played("mcqa", true);
    metrics.played("math_with_judge", true);
    metrics.played("math_with_judge", false);
    metrics.played("string_match", false);
    const played = parseDeclines(metrics.render("m"));
    expect(played.get("mcqa")).toEqual({ calls: 3, declined: 3 });
    expect(played.get("math_with_judge")).toEqual({ calls: 2, declined: 1 });
    const lines = declineLines(played, new Map([["mcqa_resources_server", "mcqa"], ["math_with_judge", "math_with_judge"], ["string_match", "string_match"]]));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/declined every model call of mcqa_resources_server:/);
    expect(lines[1]).toMatch(/declined some model calls of math_with_judge \(1 of 2 model calls\)/);
  });

  test("the names kept are bounded, whatever a caller sends", () => {
    const metrics = new Metrics();
    for (let i = 0; i < 10_000; i++) metrics.played(`env${i}`, true);
    expect(metrics.environments.size).toBeLessThanOrEqual(256);
  });
});
