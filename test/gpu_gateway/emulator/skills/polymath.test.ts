// polymath's emulator skill on the bundled rows: the right path boxes a value the server accepts,
// the wrong path one it does not; a problem it cannot read is declined.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { play } from "../../../../gpu_gateway/emulator/policy/index.ts";
import { libraryCheck } from "../../../../shared/verifiers/math/library_check.ts";

const rows = readFileSync(new URL("../../../../workers/resources/polymath/data/example.jsonl", import.meta.url), "utf8").trim().split("\n").map((l) => JSON.parse(l));
const reply = (prompt: string, correct: boolean) => play({ turns: [{ role: "user", content: prompt }], tools: [], correct }, "polymath");

describe("emulator: polymath", () => {
  test.each(rows.map((row, i) => [i, row]))("row %i: right path passes the symbolic check, wrong path does not", (_i, row) => {
    const prompt = row.responses_create_params.input[0].content;
    expect(libraryCheck(row.expected_answer, reply(prompt, true).content!, 200_000).library_reward).toBe(1);
    expect(libraryCheck(row.expected_answer, reply(prompt, false).content!, 200_000).library_reward).toBe(0);
  });

  test("a problem it cannot read is declined", () => {
    const declined = reply("Prove that there are infinitely many primes.", true);
    expect(declined.content ?? "").not.toContain("\\boxed");
  });
});
