// Our generator of calendar_arithmetic's seven kinds of task, on day numbers (civil_dates.ts).
import type { Rng } from "../rng.ts";
import { civil, dayNumber, iso, isLeap, monthLength, MONTHS, weekdayOf, WEEKDAYS } from "./civil_dates.ts";

export const TASKS = ["weekday_offset", "weekday_of_date", "weekday_of_date_from_first_date", "recurring_event_day", "count_days", "count_business_days", "is_leap_year"] as const;
export type Task = (typeof TASKS)[number];

const ORDINALS = ["first", "second", "third", "fourth", "last"] as const;
const spelled = (n: number) => {
  const [y, m, d] = civil(n);
  return `${WEEKDAYS[weekdayOf(n)]}, ${MONTHS[m - 1]} ${d}, ${y}`;
};

export interface CalendarConfig {
  year: number;
  offsetUpperBound: number;
  leapYearRange: number;
}

export interface CalendarTask {
  question: string;
  answer: string;
  metadata: Record<string, unknown>;
}

function randomDate(rng: Rng, year: number): number {
  const month = rng.int(1, 12);
  return dayNumber(year, month, rng.int(1, monthLength(year, month)));
}

const WEEKDAY_NOTE = " Answer with the full name of the weekday.";
const COUNT_NOTE = " Answer with a number.";

export function calendarTask(rng: Rng, task: Task, { year, offsetUpperBound, leapYearRange }: CalendarConfig): CalendarTask {
  const jan1 = dayNumber(year, 1, 1);
  const dec31 = dayNumber(year, 12, 31);
  switch (task) {
    case "weekday_offset": {
      const start = randomDate(rng, year);
      const offset = rng.int(1, offsetUpperBound) * (rng.chance(0.5) ? -1 : 1);
      const target = start + offset;
      const when = offset > 0 ? `${offset} days after` : `${-offset} days before`;
      return { question: `Which day of the week is ${when} ${spelled(start)}?${WEEKDAY_NOTE}`, answer: WEEKDAYS[weekdayOf(target)]!, metadata: { task, start_date: iso(start), offset_days: offset, target_date: iso(target) } };
    }
    case "weekday_of_date": {
      const target = randomDate(rng, year);
      const [, m, d] = civil(target);
      return { question: `On which day of the week did ${MONTHS[m - 1]} ${d}, ${year} fall?${WEEKDAY_NOTE}`, answer: WEEKDAYS[weekdayOf(target)]!, metadata: { task, target_date: iso(target) } };
    }
    case "weekday_of_date_from_first_date": {
      const first = rng.int(0, 6);
      const delta = rng.int(1, Math.min(offsetUpperBound, dec31 - jan1));
      const [, m, d] = civil(jan1 + delta);
      return {
        question: `Suppose January 1 of some year is a ${WEEKDAYS[first]}. On which day of the week does ${MONTHS[m - 1]} ${d} of that year fall?${WEEKDAY_NOTE}`,
        answer: WEEKDAYS[(first + delta) % 7]!,
        metadata: { task, year, first_day: WEEKDAYS[first], target_date: iso(jan1 + delta), delta_days: delta },
      };
    }
    case "recurring_event_day": {
      const month = rng.int(1, 12);
      const ordinal = rng.choice(ORDINALS);
      const weekday = rng.int(0, 6);
      const firstDay = dayNumber(year, month, 1);
      const firstMatch = 1 + ((weekday - weekdayOf(firstDay) + 7) % 7);
      // Every month has at least four of each weekday.
      const last = monthLength(year, month);
      const day = ordinal === "last" ? firstMatch + 7 * Math.floor((last - firstMatch) / 7) : firstMatch + 7 * ORDINALS.indexOf(ordinal);
      return {
        question: `A club meets on the ${ordinal} ${WEEKDAYS[weekday]} of ${MONTHS[month - 1]} ${year}. On which day of the month is that?${COUNT_NOTE} Answer -1 if there is no such day.`,
        answer: String(day),
        metadata: { task, year, month, ordinal, weekday: WEEKDAYS[weekday] },
      };
    }
    case "count_days":
    case "count_business_days": {
      const start = rng.int(jan1, dec31);
      // count_days stays within the year; business days may run past its end.
      const end = rng.int(start, task === "count_days" ? Math.min(dec31, start + offsetUpperBound) : start + offsetUpperBound);
      const weekday = rng.int(0, 6);
      let count = 0;
      for (let n = start; n <= end; n++) if (task === "count_days" ? weekdayOf(n) === weekday : weekdayOf(n) < 5) count++;
      const what = task === "count_days" ? `${WEEKDAYS[weekday]}s` : "business days (Monday to Friday)";
      const metadata = task === "count_days" ? { task, year, weekday: WEEKDAYS[weekday], start_date: iso(start), end_date: iso(end) } : { task, start_date: iso(start), end_date: iso(end) };
      return { question: `How many ${what} are there from ${spelled(start)} to ${spelled(end)}, counting both of those dates?${COUNT_NOTE}`, answer: String(count), metadata };
    }
    case "is_leap_year": {
      const half = Math.floor(leapYearRange / 2);
      const asked = rng.int(year - half, year + half);
      return { question: `Is ${asked} a leap year? Answer Yes or No.`, answer: isLeap(asked) ? "Yes" : "No", metadata: { task, year: asked, is_leap: isLeap(asked) } };
    }
  }
}
