// example_multi_turn_gymnasium's emulator skill on the bundled rows, each follow-up answered from
// the reply before it: the right path ends with expected_answer, the wrong path (a slip in the
// first sum, carried through) never contains it.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import type { Turn } from "../../../../gpu_gateway/emulator/messages.ts";
import { play } from "../../../../gpu_gateway/emulator/policy/index.ts";

const rows = readFileSync(new URL("../../../../workers/resources/example_multi_turn_gymnasium/data/example.jsonl", import.meta.url), "utf8").trim().split("\n").map((l) => JSON.parse(l));

/** Every reply, the follow-ups sent one by one as the environment sends them. */
function conversation(row: any, correct: boolean): string[] {
  const turns: Turn[] = [{ role: "user", content: row.responses_create_params.input[0].content }];
  const replies: string[] = [];
  for (const followUp of [...row.follow_ups, undefined]) {
    const reply = play({ turns, tools: [], correct }, "example_multi_turn_gymnasium").content ?? "";
    replies.push(reply);
    if (followUp === undefined) break;
    turns.push({ role: "assistant", content: reply }, { role: "user", content: followUp });
  }
  return replies;
}

describe("emulator: example_multi_turn_gymnasium", () => {
  test.each(rows.map((row) => [row.responses_create_params.input[0].content, row]))("%s", (_question, row) => {
    const right = conversation(row, true);
    expect(right.at(-1)).toMatch(new RegExp(`Final answer: ${row.expected_answer}$`));
    expect(conversation(row, false).at(-1)!.toLowerCase()).not.toContain(row.expected_answer.toLowerCase());
  });

  test("each follow-up works on the last reply's result", () => {
    expect(conversation({ responses_create_params: { input: [{ content: "What is 12 plus 30?" }] }, follow_ups: ["Now multiply that result by 2.", "Now subtract 4 from that result."] }, true)).toEqual([
      "12 plus 30 = 42.\nFinal answer: 42",
      "42 × 2 = 84.\nFinal answer: 84",
      "84 - 4 = 80.\nFinal answer: 80",
    ]);
    expect(conversation({ responses_create_params: { input: [{ content: "What is the capital of France?" }] }, follow_ups: [] }, true)).toEqual(["I don't know."]);
  });
});
