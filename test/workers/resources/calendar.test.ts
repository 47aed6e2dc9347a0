import { describe, expect, test } from "vitest";
import server from "../../../workers/resources/calendar/index.ts";
import { findJsonList } from "../../../workers/resources/calendar/json_list.ts";
import { timeToMinutes } from "../../../workers/resources/calendar/times.ts";
import { assistantMessage, client, serverEnv } from "../../workerd/helpers.ts";
import exampleRows from "../../../workers/resources/calendar/data/example.jsonl?raw";

const rows = (exampleRows as string).split("\n").filter(Boolean).map((line) => JSON.parse(line));
const open = () => client(server, serverEnv("calendar"));

const expected = {
  "0": { event_id: 0, duration: 60, constraint: "before 12pm", min_time: "10:00", max_time: "16:00" },
  "1": { event_id: 1, duration: 30, constraint: "between 1pm and 3pm", min_time: "10:00", max_time: "16:00" },
  "2": { event_id: 2, duration: 45, constraint: "at 2:30pm", min_time: "10:00", max_time: "16:00" },
  "3": { event_id: 3, duration: 30, constraint: "after 3pm", min_time: "10:00", max_time: "16:00" },
  "4": { event_id: 4, duration: 45, constraint: null, min_time: "10:00", max_time: "16:00" },
};
const event = (event_id: unknown, start_time: unknown, duration: unknown) => ({ event_id, event_name: `e${String(event_id)}`, start_time, duration });
const good = [event(0, "10:00", 60), event(1, "13:00", 30), event(2, "14:30", 45), event(3, "15:15", 30), event(4, "11:00", 45)];
const reply = (events: unknown[], before = "Here is your calendar:\n", after = "") => `${before}${JSON.stringify(events)}${after}`;

async function verify(text: string, exp: object = expected, output?: object[]) {
  const v = await open().post("/verify", { responses_create_params: { input: "plan my day" }, exp_cal_state: exp, response: { id: "r", output: output ?? [assistantMessage(text)] } });
  expect(v.status).toBe(200);
  return v.body as { reward: number; grade_reason: string };
}

describe("calendar: grading the final calendar", () => {
  test("a calendar meeting every rule earns 1", async () => {
    expect(await verify(reply(good))).toMatchObject({ reward: 1, grade_reason: "pass" });
    // Events may come in any order, and in 12-hour times.
    expect(await verify(reply([...good].reverse().map((e) => (e.event_id === 2 ? { ...e, start_time: "2:30pm" } : e))))).toMatchObject({ reward: 1 });
  });

  test.each([
    ["a <think> left in the reply", reply(good, "<think>plan</think>"), "think_found"],
    ["no JSON list of objects", "I put everything in your calendar.", "no_json_list"],
    ["a list that is not JSON", reply(good).slice(0, -1) + ",]", "no_json_list"],
    ["an event missing", reply(good.slice(0, 4)), "different_number_of_events"],
    ["two events overlapping", reply(good.map((e) => (e.event_id === 4 ? { ...e, start_time: "10:30" } : e))), "conflicting_events"],
    ["a wrong duration", reply(good.map((e) => (e.event_id === 4 ? { ...e, duration: 60 } : e))), "constraint_violated"],
    ["a duration as text (Python cannot add it to a time)", reply(good.map((e) => (e.event_id === 0 ? { ...e, duration: "60" } : e))), "error_in_grading"],
    ["ending after the constraint's time", reply(good.map((e) => (e.event_id === 0 ? { ...e, start_time: "11:45" } : e))), "constraint_violated"],
    ["starting before an after-constraint", reply(good.map((e) => (e.event_id === 3 ? { ...e, start_time: "14:00" } : e))), "constraint_violated"],
    ["not at the fixed time", reply(good.map((e) => (e.event_id === 2 ? { ...e, start_time: "14:15" } : e))), "constraint_violated"],
    ["outside the day", reply(good.map((e) => (e.event_id === 4 ? { ...e, start_time: "9:00" } : e))), "constraint_violated"],
    ["an event with no start time", reply(good.map((e) => (e.event_id === 4 ? { event_id: 4, duration: 45 } : e))), "error_in_grading"],
    ["a start time Python cannot read", reply(good.map((e) => (e.event_id === 4 ? { ...e, start_time: "11AM" } : e))), "error_in_grading"],
    ["a listed item that is no event", reply([...good, 5]), "error_in_grading"],
  ])("%s earns 0", async (_what, text, reason) => {
    expect(await verify(text)).toMatchObject({ reward: 0, grade_reason: reason });
  });

  test("events are matched by event_id as Python prints it, and equal duplicates do not clash", async () => {
    const one = { "1": { event_id: 1, duration: 30, constraint: null, min_time: "10:00", max_time: "16:00" } };
    expect(await verify(reply([event("1", "10:00", 30)]), one)).toMatchObject({ reward: 1 });
    expect(await verify(reply([event(true, "10:00", 30)]), { True: one["1"] })).toMatchObject({ reward: 1 });
    expect(await verify(reply([event(1, "10:00", 30), event(1, "10:00", 30)]), one)).toMatchObject({ reward: 1 });
    expect(await verify(reply([event(1, "10:00", 30), event(2, "10:00", 30)]), one)).toMatchObject({ grade_reason: "different_number_of_events" });
  });

  test("with no events expected any reply passes, but none at all", async () => {
    expect(await verify("Happy to help with anything else!", {})).toMatchObject({ reward: 1, grade_reason: "pass" });
    expect(await verify("", {})).toMatchObject({ reward: 0 });
  });

  test("the reply is the last output item's first text: a final tool call or reasoning earns 0", async () => {
    const call = { type: "function_call", call_id: "c1", name: "noop", arguments: "{}" };
    expect(await verify("", expected, [assistantMessage(reply(good)), call])).toMatchObject({ reward: 0, grade_reason: "no_reply" });
    const reasoning = { type: "reasoning", id: "rs1", summary: [{ type: "summary_text", text: reply(good) }] };
    expect(await verify("", expected, [reasoning])).toMatchObject({ reward: 0 });
    const parts = { type: "message", role: "assistant", content: [{ type: "output_text", text: "Only this part", annotations: [] }, { type: "output_text", text: reply(good), annotations: [] }] };
    expect(await verify("", expected, [parts])).toMatchObject({ reward: 0, grade_reason: "no_json_list" });
  });

  test("a row whose expected calendar cannot be read is a 400 naming the field", async () => {
    const bad = await open().post("/verify", {
      responses_create_params: { input: "x" },
      exp_cal_state: { "0": { ...expected["0"], constraint: "between 1pm" }, "1": { ...expected["1"], min_time: "ten" } },
      response: { id: "r", output: [] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues.map((i: { path: string }) => i.path)).toEqual(["exp_cal_state.0.constraint", "exp_cal_state.1.min_time"]);
  });

  test("the example rows are read: each awaits a reply to its last user turn", async () => {
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      const input = row.responses_create_params.input;
      expect(input.at(-1).role).toBe("user");
      const last = input.findLast((m: { role: string }) => m.role === "assistant");
      const v = await open().post("/verify", { ...row, response: { id: "r", output: [assistantMessage(last.content)] } });
      expect(v.status).toBe(200);
    }
  });
});

describe("calendar: reading as the reference reads", () => {
  test("times of day", () => {
    expect([timeToMinutes("10am"), timeToMinutes("12pm"), timeToMinutes("12am"), timeToMinutes("1:30pm"), timeToMinutes(" 14:05 "), timeToMinutes("10:30 am")]).toEqual([600, 720, 0, 810, 845, 630]);
    for (const unreadable of ["10AM", "10", "10:00:00", "ten", "am"]) expect(() => timeToMinutes(unreadable), unreadable).toThrow();
  });

  test("the first JSON list of objects: brackets inside braces, a list without objects skipped", () => {
    expect(findJsonList('see [1, 2] then [{"a": [1]}, {"b": 2}] and [{"c": 3}]')).toBe('[{"a": [1]}, {"b": 2}]');
    expect(findJsonList("[{}")).toBeUndefined();
    expect(findJsonList("no list")).toBeUndefined();
  });

  test("in linear time where a backtracking regex would not finish", () => {
    const hostile = `[${"{a},".repeat(20_000)} [`;
    const started = Date.now();
    expect(findJsonList(hostile)).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
