// calendar: a resources server, stateless (no session objects).
import { resourcesServer } from "../../../shared/declaration.ts";
import { z } from "../../../shared/zod.ts";
import { constraintTimes, parseConstraint } from "./constraints.ts";
import { timeToMinutes } from "./times.ts";

const readable = (text: string) => {
  try {
    timeToMinutes(text);
    return true;
  } catch {
    return false;
  }
};
const time = z.string().refine(readable, { message: 'not a time of day ("2pm", "10:30am" or "14:30")' });

/** One expected event: its duration, the day's window and the user's constraint on it (null: none). */
export const ExpectedEvent = z.looseObject({
  event_id: z.union([z.number(), z.string()]).optional(),
  duration: z.number(),
  constraint: z
    .string()
    .nullable()
    .refine(
      (c) => {
        const parsed = parseConstraint(c);
        return parsed !== undefined && constraintTimes(parsed).every(readable);
      },
      { message: 'a constraint is "before X", "after X", "at X" or "between X and Y" with times of day (other text constrains nothing)' },
    ),
  min_time: time,
  max_time: time,
});
export type ExpectedEvent = z.infer<typeof ExpectedEvent>;

/** The task fields of a row this server reads: the calendar the conversation should end with, by event id. */
export const Task = z.object({
  exp_cal_state: z.record(z.string(), ExpectedEvent),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "NeMo Gym's calendar scheduling: the first text of the episode's last output item has no `<think>`, and when `exp_cal_state` expects events, its first JSON list of objects (found as the reference's regex finds it, in linear time) lists exactly those events by `event_id`, none overlapping, each with its `duration`, inside `min_time`-`max_time` and meeting its `constraint` (`before X`: ends by X, `after X`, `between X and Y`, `at X`), read as the reference's Python reads them (`grade_reason`: its reasons); an `exp_cal_state` it cannot read is a 400",
  reward: "0/1",
  answerKey: "none",
};

export default resourcesServer({ catalogue, task: Task, stateful: false });
