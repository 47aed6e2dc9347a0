// calendar_arithmetic: weekdays, day counts and leap years. By the task in metadata.task:
// - a weekday: the stripped answer equal to the stored one scores 1.0; another weekday name as
//   written ("Tuesday") 0.1; one in another case ("tuesday", "TUESDAY") 0.05; else 0;
// - a count or a day of the month: the stripped answer read as an integer, exp(-5 x its relative
//   error) (1.0 when exact; a stored 0 needs exactly 0); no integer, 0;
// - a leap year: "Yes" or "No" in any case, stripped; else 0.
import { pyStrip, pythonInt } from "../../../../../shared/verifiers/python_str.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configInt } from "../support/generator_config.ts";
import { calendarTask, TASKS } from "./calendar_tasks.ts";
import type { Task } from "./calendar_tasks.ts";

const WEEKDAY_TASKS = new Set(["weekday_offset", "weekday_of_date_from_first_date", "weekday_of_date"]);
const COUNT_TASKS = new Set(["count_business_days", "count_days", "recurring_event_day"]);
const WEEKDAYS = new Set(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]);

const isCased = (ch: string) => ch.toLowerCase() !== ch.toUpperCase();

/** str.title(): a cased character after a cased one lower-cased, any other title-cased. */
function pyTitle(text: string): string {
  let out = "";
  let previousCased = false;
  for (const ch of text) {
    out += previousCased ? ch.toLowerCase() : ch.toUpperCase();
    previousCased = isCased(ch);
  }
  return out;
}

function weekdayScore(answer: string, oracle: unknown): number {
  const stripped = pyStrip(answer);
  if (stripped === oracle) return 1;
  if (WEEKDAYS.has(stripped)) return 0.1;
  // Title-casing never shortens a text, and no weekday is longer than 9 letters.
  return stripped.length <= 30 && WEEKDAYS.has(pyTitle(stripped)) ? 0.05 : 0;
}

function countScore(answer: string, oracle: string): number {
  const given = pythonInt(pyStrip(answer));
  const expected = pythonInt(pyStrip(oracle));
  if (given === undefined || expected === undefined) return 0;
  if (expected === 0n) return given === 0n ? 1 : 0;
  const difference = given > expected ? given - expected : expected - given;
  // The library divides by the stored count itself, so a negative one gives scores above 1.
  const relative = Number(difference) / Math.abs(Number(expected));
  return Math.exp(-5 * relative);
}

function tasks(config: Record<string, unknown>): Task[] {
  const value = config.tasks ?? TASKS;
  const named = Array.isArray(value) && value.every((t) => typeof t === "string") ? value.map((t: string) => t.toLowerCase()) : undefined;
  if (!named || named.length === 0 || !named.every((t) => TASKS.includes(t as Task))) throw new RangeError(`tasks must be a non-empty list of ${TASKS.join(", ")}, got ${JSON.stringify(value)}`);
  return named as Task[];
}

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const chosen = tasks(config);
  // Dates run past the year by up to offset_upper_bound days: years 1 to 9000 keep them in the calendar.
  const year = configInt(config, "year", 2022, 1, 9000);
  const offsetUpperBound = configInt(config, "offset_upper_bound", 100, 1, 100_000);
  const leapYearRange = configInt(config, "leap_year_range", 200, 0, 1_000_000);
  const task = calendarTask(rng, rng.choice(chosen), { year, offsetUpperBound, leapYearRange });
  return {
    question: task.question,
    answer: task.answer,
    metadata: { ...task.metadata, source_dataset: "calendar_arithmetic", source_index: index, difficulty: { tasks: chosen, offset_upper_bound: offsetUpperBound } },
  };
}

export default defineFamily({
  name: "calendar_arithmetic",
  category: "arithmetic",
  scorer: "own",
  deviations: ["A count's relative error is taken against the stored count's absolute value, so a stored -1 (an ordinal that does not exist) scores at most 1.0 where the library divides by -1 and returns scores above 1."],
  score(answer, entry) {
    if (answer === null || answer.length === 0) return 0;
    if (!("task" in entry.metadata)) throw new RangeError("metadata.task is missing");
    const task = entry.metadata.task;
    const oracle = entry.answer;
    if (typeof task !== "string") return 0;
    if (WEEKDAY_TASKS.has(task)) return weekdayScore(answer, oracle);
    if (typeof oracle !== "string") return 0;
    if (COUNT_TASKS.has(task)) return countScore(answer, oracle);
    if (task === "is_leap_year") return pyStrip(answer).toLowerCase() === oracle.toLowerCase() ? 1 : 0;
    return 0;
  },
  generate,
});
