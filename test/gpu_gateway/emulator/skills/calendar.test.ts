// calendar's emulator skill on the bundled calendar rows: the right path's calendar passes the
// server's grading, the wrong path's (the newest event left out) does not; its rows carry earlier
// replies, so the right-or-wrong draw is made on the reply to the last user message.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import type { Turn } from "../../../../gpu_gateway/emulator/messages.ts";
import { drawsOutcome, play } from "../../../../gpu_gateway/emulator/policy/index.ts";
import { grade } from "../../../../workers/resources/calendar/grade.ts";

const rows = readFileSync(new URL("../../../../workers/resources/calendar/data/example.jsonl", import.meta.url), "utf8").trim().split("\n").map((l) => JSON.parse(l));
const turnsOf = (row: any): Turn[] => row.responses_create_params.input.map((m: any) => ({ role: m.role, content: m.content }));

describe("emulator: calendar", () => {
  test.each(rows.map((row, i) => [i, row]))("row %i: the right calendar passes, the wrong one fails", (_i, row) => {
    const right = play({ turns: turnsOf(row), tools: [], correct: true }, "calendar");
    expect(right.toolCalls).toEqual([]);
    expect(grade(right.content!, row.exp_cal_state)).toEqual({ reward: 1, reason: "pass" });
    const wrong = play({ turns: turnsOf(row), tools: [], correct: false }, "calendar");
    expect(grade(wrong.content!, row.exp_cal_state)).toEqual({ reward: 0, reason: "different_number_of_events" });
  });

  test("the earlier replies in the rows are the calendars the skill would have shown", () => {
    for (const row of rows) {
      const turns = turnsOf(row);
      turns.forEach((turn, i) => {
        if (turn.role === "assistant") expect(play({ turns: turns.slice(0, i), tools: [], correct: true }, "calendar").content).toBe(turn.content);
      });
    }
  });

  test("the draw is made on each first reply to a user message, for calendar only", () => {
    const turns = turnsOf(rows[0]);
    expect(drawsOutcome(turns, "calendar")).toBe(true);
    expect(drawsOutcome([...turns, { role: "assistant", content: "[]" }], "calendar")).toBe(false);
    expect(drawsOutcome(turns, "mcqa")).toBe(false);
    expect(drawsOutcome(turns.slice(0, 2), "mcqa")).toBe(true);
  });
});
