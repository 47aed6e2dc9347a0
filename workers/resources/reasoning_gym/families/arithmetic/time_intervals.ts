// time_intervals: the time between two times, dates or datetimes. By metadata.task_type, answer
// and stored answer are read as the library reads them and compared in seconds (days for "date"):
// equal scores 1.0; else 1 - |difference| / the library's default maximum difference (100 days,
// or 86400 s for times), not below 0; an answer the library cannot read 0.
// - "date": the integer before the first whitespace ("12 days");
// - "time...": "H:M", "H:M:S" or "H:M:S.ms" (ms / 1000 seconds; parts after a third are ignored);
// - otherwise: "D days, H:M" or "D days, H:M:S" (the integer before " days,"; the time after the first comma).
import { pySplit, pyStrip, pythonInt } from "../../../../../shared/verifiers/python_str.ts";
import { defineFamily } from "../family.ts";
import type { Rng } from "../rng.ts";
import { configInt } from "../support/generator_config.ts";
import { dayNumber, monthLength } from "./civil_dates.ts";
import { intervalTask, TASK_TYPES } from "./time_interval_tasks.ts";
import type { TaskType } from "./time_interval_tasks.ts";

const MAX_DATE_DIFFERENCE_DAYS = 100;
const MAX_TIME_DIFFERENCE_SECONDS = 86_400;

/** int(text) as Python reads it; throws (the library's ValueError) where it would raise. */
function int(text: string | undefined): bigint {
  const value = text === undefined ? undefined : pythonInt(text);
  if (value === undefined) throw new RangeError("not an integer");
  return value;
}

/** Seconds: a bigint, or a float once milliseconds come in (as in the library). */
type Seconds = bigint | number;

function days(text: string): Seconds {
  return int(pySplit(pyStrip(text))[0]);
}

function time(text: string): Seconds {
  const parts = pyStrip(text).split(":");
  if (parts.length < 2) throw new RangeError("no minutes");
  const whole = int(parts[0]) * 3600n + int(parts[1]) * 60n;
  if (parts.length === 2) return whole;
  const fraction = parts[2]!.split(".");
  if (fraction.length === 1) return whole + int(parts[2]);
  if (fraction.length !== 2) throw new RangeError("too many dots");
  // Python adds int(s) + int(ms) / 1000 (a float) and then the whole seconds to that float.
  return Number(whole) + (Number(int(fraction[0])) + Number(int(fraction[1])) / 1000);
}

function datetime(text: string): Seconds {
  const commas = text.split(",");
  if (commas.length < 2) throw new RangeError("no time part");
  const parts = pyStrip(commas[1]!).split(":");
  if (parts.length < 2) throw new RangeError("no minutes");
  const seconds = int(parts[0]) * 3600n + int(parts[1]) * 60n + (parts.length > 2 ? int(parts[2]) : 0n);
  return int(text.split(" days,")[0]) * 86_400n + seconds;
}

function closeness(actual: Seconds, expected: Seconds, maxDifference: number): number {
  if (typeof actual === "bigint" && typeof expected === "bigint") {
    if (actual === expected) return 1;
    const difference = actual > expected ? actual - expected : expected - actual;
    return Math.max(0, 1 - Number(difference) / maxDifference);
  }
  if (Number(actual) === Number(expected)) return 1;
  const score = 1 - Math.abs(Number(actual) - Number(expected)) / maxDifference;
  // Python's max(0.0, nan) is 0.0.
  return score > 0 ? score : 0;
}

/** A config date ("YYYY-MM-DD", years 1 to 9000) as its day number. */
function configDate(config: Record<string, unknown>, field: string, fallback: string): number {
  const value = config[field] ?? fallback;
  const match = typeof value === "string" ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  const [y, m, d] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  if (!match || y < 1 || y > 9000 || m < 1 || m > 12 || d < 1 || d > monthLength(y, m)) throw new RangeError(`${field} must be a date YYYY-MM-DD from 0001-01-01 to 9000-12-31, got ${JSON.stringify(value)}`);
  return dayNumber(y, m, d);
}

function taskTypes(config: Record<string, unknown>): TaskType[] {
  const value = config.task_types ?? TASK_TYPES;
  if (!Array.isArray(value) || value.length === 0 || !value.every((t) => TASK_TYPES.includes(t as TaskType))) throw new RangeError(`task_types must be a non-empty list of ${TASK_TYPES.join(", ")}, got ${JSON.stringify(value)}`);
  return value as TaskType[];
}

const FORMS = ["What is the duration between {start} and {end}? Answer in {format}.", "A meeting ran from {start} to {end}. How long did it last? Answer in {format}.", "A download started at {start} and finished at {end}. How long did it take? Answer in {format}.", "How much time passed between {start} and {end}? Answer in {format}."];

function generate(rng: Rng, config: Record<string, unknown>, index: number) {
  const types = taskTypes(config);
  const maxSeconds = configInt(config, "max_time_difference_seconds", 86_400, 1, 10_000_000);
  const maxDays = configInt(config, "max_date_difference_days", 100, 1, 1_000_000);
  const minDay = configDate(config, "min_date", "1900-01-01");
  const maxDay = configDate(config, "max_date", "3000-01-01");
  if (maxDay <= minDay) throw new RangeError("max_date must be after min_date");
  const type = rng.choice(types);
  const task = intervalTask(rng, type, { maxSeconds, maxDays, minDay, maxDay });
  return {
    question: rng.choice(FORMS).replace("{start}", task.start).replace("{end}", task.end).replace("{format}", task.expected),
    answer: task.answer,
    metadata: {
      source_dataset: "time_intervals",
      source_index: index,
      task_type: type,
      start_time: task.start,
      end_time: task.end,
      format: task.format,
      expected_format: task.expected,
      difficulty: { max_time_difference_seconds: maxSeconds, max_date_difference_days: maxDays },
    },
  };
}

export default defineFamily({
  name: "time_intervals",
  category: "arithmetic",
  scorer: "own",
  score(answer, entry) {
    if (answer === null) return 0;
    if (!("task_type" in entry.metadata)) throw new RangeError("metadata.task_type is missing");
    const taskType = entry.metadata.task_type;
    const expected = entry.answer;
    if (typeof taskType !== "string" || typeof expected !== "string") return 0;
    const parse = taskType === "date" ? days : taskType.startsWith("time") ? time : datetime;
    const maxDifference = taskType === "date" ? MAX_DATE_DIFFERENCE_DAYS : taskType.startsWith("time") ? MAX_TIME_DIFFERENCE_SECONDS : MAX_DATE_DIFFERENCE_DAYS * 86_400;
    let actual: Seconds;
    let wanted: Seconds;
    try {
      actual = parse(answer);
      wanted = parse(expected);
    } catch {
      return 0;
    }
    return closeness(actual, wanted, maxDifference);
  },
  generate,
});
