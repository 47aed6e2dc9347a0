// Our generator of time_intervals' tasks: two times, dates or datetimes written in one of the
// library's formats, and the duration between them in the form its scorer reads ("HH:MM",
// "HH:MM:SS", "HH:MM:SS.mmm", "D days", "D days, HH:MM[:SS]"). Durations are computed from what the
// question shows (a format without seconds shows none), in whole milliseconds.
import type { Rng } from "../rng.ts";
import { civil, MONTHS, weekdayOf, WEEKDAYS } from "./civil_dates.ts";

export const TASK_TYPES = ["time", "time_seconds", "time_ms", "date", "datetime", "datetime_tz"] as const;
export type TaskType = (typeof TASK_TYPES)[number];

const DATE_FORMATS = ["%Y-%m-%d", "%B %d, %Y", "%m/%d/%Y", "%A, %B %d, %Y", "%a %b %d %Y", "%d %B %Y", "%Y-%m-%d (%A)"];
const DATETIME_FORMATS = ["%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M %z", "%Y-%m-%d %H:%M:%S %z", "%A, %B %d, %Y at %H:%M", "%a %b %d %Y %H:%M:%S", "%d %B %Y, %H:%M", "%d %B %Y, %H:%M %z", "%Y-%m-%d (%A) %H:%M:%S %z"];

export interface IntervalConfig {
  maxSeconds: number;
  maxDays: number;
  /** The day numbers of min_date and max_date. */
  minDay: number;
  maxDay: number;
}

const SECOND = 1000;
const DAY = 86_400 * SECOND;
const two = (n: number) => String(n).padStart(2, "0");

/** An instant (milliseconds since the epoch, in the wall clock of `offset` hours) as strftime writes it; %z as +HHMM. */
function strftime(format: string, wall: number, offset: number): string {
  const dayNo = Math.floor(wall / DAY);
  const [y, m, d] = civil(dayNo);
  const within = wall - dayNo * DAY;
  const fields: Record<string, string> = {
    Y: String(y).padStart(4, "0"), m: two(m), d: two(d), B: MONTHS[m - 1]!, b: MONTHS[m - 1]!.slice(0, 3), A: WEEKDAYS[weekdayOf(dayNo)]!, a: WEEKDAYS[weekdayOf(dayNo)]!.slice(0, 3),
    H: two(Math.floor(within / 3_600_000)), M: two(Math.floor(within / 60_000) % 60), S: two(Math.floor(within / SECOND) % 60), f: String(within % SECOND).padStart(3, "0"),
    z: `${offset < 0 ? "-" : "+"}${two(Math.abs(offset))}00`,
  };
  return format.replace(/%([YmdBbAaHMSfz])/g, (_, field: string) => fields[field]!);
}

/** The instant as the format shows it: seconds and milliseconds dropped where it shows none. */
function shown(format: string, wall: number): number {
  if (format.includes("%f")) return wall;
  if (format.includes("%S")) return wall - (wall % SECOND);
  if (format.includes("%M")) return wall - (wall % 60_000);
  return wall - (wall % DAY);
}

function clock(ms: number, withSeconds: boolean, withMillis: boolean): string {
  const seconds = Math.floor(ms / SECOND);
  let text = `${two(Math.floor(seconds / 3600))}:${two(Math.floor(seconds / 60) % 60)}`;
  if (withSeconds) text += `:${two(seconds % 60)}`;
  if (withMillis) text += `.${String(ms % SECOND).padStart(3, "0")}`;
  return text;
}

export interface IntervalTask {
  start: string;
  end: string;
  format: string;
  expected: string;
  answer: string;
}

export function intervalTask(rng: Rng, type: TaskType, { maxSeconds, maxDays, minDay, maxDay }: IntervalConfig): IntervalTask {
  if (type.startsWith("time")) {
    const format = type === "time_ms" ? "%H:%M:%S.%f" : type === "time_seconds" ? "%H:%M:%S" : "%H:%M";
    // The end stays before midnight, so the later time is the later one on the clock.
    const startSecond = rng.int(0, 86_397);
    const step = rng.int(1, Math.min(maxSeconds, 86_398 - startSecond));
    const [startMs, endMs] = type === "time_ms" ? [rng.int(0, 999), rng.int(0, 999)] : [0, 0];
    const start = shown(format, startSecond * SECOND + startMs);
    const end = shown(format, (startSecond + step) * SECOND + endMs);
    const expected = type === "time_ms" ? "HH:MM:SS.mmm" : type === "time_seconds" ? "HH:MM:SS" : "HH:MM";
    return { start: strftime(format, start, 0), end: strftime(format, end, 0), format, expected, answer: clock(end - start, type !== "time", type === "time_ms") };
  }
  if (type === "date") {
    const format = rng.choice(DATE_FORMATS);
    const span = Math.min(maxDays, maxDay - minDay);
    const startDay = rng.int(minDay, maxDay - span);
    const days = rng.int(0, span);
    return { start: strftime(format, startDay * DAY, 0), end: strftime(format, (startDay + days) * DAY, 0), format, expected: "D days", answer: `${days} days` };
  }
  const format = rng.choice(DATETIME_FORMATS);
  const withSeconds = rng.chance(0.5);
  const start = shown(format, rng.int(minDay, maxDay) * DAY + rng.int(0, 86_399) * SECOND);
  // The end instant, shown in a time zone of its own where the format has one.
  const end = shown(format, start + rng.int(0, maxDays) * DAY + rng.int(1, maxSeconds) * SECOND);
  const zoned = format.includes("%z");
  const [startOffset, endOffset] = zoned ? [rng.int(-12, 12), rng.int(-12, 12)] : [0, 0];
  const duration = end - start;
  const days = Math.floor(duration / DAY);
  return {
    start: strftime(format, start + startOffset * 3_600_000, startOffset),
    end: strftime(format, end + endOffset * 3_600_000, endOffset),
    format,
    expected: withSeconds ? "D days, HH:MM:SS" : "D days, HH:MM",
    answer: `${days} days, ${clock(duration - days * DAY, withSeconds, false)}`,
  };
}
