import { describe, expect, it } from "vitest";
import { turnsOf } from "../../../../scripts/bench/support/replay.ts";

const call = (id: string) => ({ type: "function_call", call_id: id, name: "hit", arguments: "{}" });
const said = (text: string) => ({ type: "message", role: "assistant", content: [{ type: "output_text", text }] });
const reasoning = { type: "reasoning", summary: [] };
const observation = (text: string) => ({ type: "message", role: "user", content: text });
const output = (id: string) => ({ type: "function_call_output", call_id: id, output: "ok" });

describe("turnsOf: a trajectory's model turns", () => {
  it("splits at what came back to the model: tool outputs and observations", () => {
    const turns = turnsOf([reasoning, said("a"), call("1"), output("1"), observation("board"), call("2"), call("3"), output("2"), output("3"), said("done")]);
    expect(turns).toEqual([[reasoning, said("a"), call("1")], [call("2"), call("3")], [said("done")]]);
  });

  it("has no empty turns, whatever the trajectory starts or ends with", () => {
    expect(turnsOf([observation("start"), said("x"), observation("end")])).toEqual([[said("x")]]);
    expect(turnsOf([])).toEqual([]);
  });
});
