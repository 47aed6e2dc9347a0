// The reference's grading of a calendar reply, rule by rule: no "<think>" left in it; with events
// expected, its first JSON list of objects holds exactly those events (by event_id), none of them
// overlapping another, each with the expected duration, inside the day's window and meeting its
// constraint ("before X": ends by X; "after X": starts at or after X; "between X and Y"; "at X").
// The listed events are read as Python would read them (the reference's grader is Python): an
// event it could not read (no event_id, a start_time that is no time, a duration that is no number)
// fails the reply as "error_in_grading".
import { parseConstraint } from "./constraints.ts";
import { findJsonList } from "./json_list.ts";
import { timeToMinutes } from "./times.ts";
import type { ExpectedEvent } from "./declaration.ts";

export type Reason = "pass" | "think_found" | "no_json_list" | "different_number_of_events" | "conflicting_events" | "constraint_violated" | "error_in_grading";

class Unreadable extends Error {}

type Json = unknown;

/** `value[key]`, as Python subscripts a parsed JSON value (a KeyError or TypeError otherwise). */
function item(value: Json, key: string): Json {
  if (typeof value !== "object" || value === null || Array.isArray(value) || !Object.hasOwn(value, key)) throw new Unreadable(`no ${key}`);
  return (value as Record<string, Json>)[key];
}

/** A number in Python's arithmetic: a boolean counts as 0 or 1; anything else is a TypeError. */
function number(value: Json): number {
  if (typeof value === "number") return value;
  if (typeof value === "boolean") return Number(value);
  throw new Unreadable(`not a number: ${JSON.stringify(value)}`);
}

function minutes(value: Json): number {
  if (typeof value !== "string") throw new Unreadable(`not a time: ${JSON.stringify(value)}`);
  try {
    return timeToMinutes(value);
  } catch (err) {
    throw new Unreadable((err as Error).message);
  }
}

/** Python's str() of a parsed JSON scalar, the key events are matched by. */
const pyStr = (value: Json): string => (typeof value === "boolean" ? (value ? "True" : "False") : value === null ? "None" : typeof value === "string" ? value : JSON.stringify(value));

/** Python's == on parsed JSON values (1 == 1.0 == True). */
function pyEqual(a: Json, b: Json): boolean {
  const numeric = (v: Json) => typeof v === "number" || typeof v === "boolean";
  if (numeric(a) && numeric(b)) return Number(a) === Number(b);
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return a === b;
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => pyEqual(v, b[i]));
  const [ka, kb] = [Object.keys(a), Object.keys(b)];
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && pyEqual((a as Record<string, Json>)[k], (b as Record<string, Json>)[k]));
}

const span = (event: Json): [number, number] => {
  const start = minutes(item(event, "start_time"));
  return [start, start + number(item(event, "duration"))];
};

/** Whether `event` overlaps another listed event (events equal to it, itself included, are skipped). */
function conflicts(events: Json[], event: Json): boolean {
  const [start, end] = span(event);
  return events.some((other) => {
    if (pyEqual(other, event)) return false;
    const [otherStart, otherEnd] = span(other);
    return !(end <= otherStart || start >= otherEnd);
  });
}

function meets(event: Json, expected: ExpectedEvent): boolean {
  if (!pyEqual(item(event, "duration"), expected.duration)) return false;
  const [start, end] = span(event);
  if (start < minutes(expected.min_time) || end > minutes(expected.max_time)) return false;
  // The row's constraints were checked when it was read: every one parses.
  const constraint = parseConstraint(expected.constraint)!;
  switch (constraint.kind) {
    case "before":
      return end <= minutes(constraint.time);
    case "after":
      return start >= minutes(constraint.time);
    case "between":
      return start >= minutes(constraint.from) && end <= minutes(constraint.to);
    case "at":
      return start === minutes(constraint.time);
    case "none":
      return true;
  }
}

function gradeEvents(reply: string, expected: Record<string, ExpectedEvent>): Reason {
  const found = findJsonList(reply);
  let events: Json;
  try {
    events = found === undefined ? undefined : JSON.parse(found);
  } catch {
    events = undefined;
  }
  if (!Array.isArray(events) || events.length === 0) return "no_json_list";
  const byId = new Map(events.map((event: Json) => [pyStr(item(event, "event_id")), event]));
  if (byId.size !== Object.keys(expected).length) return "different_number_of_events";
  if (events.some((event: Json) => conflicts(events, event))) return "conflicting_events";
  for (const [id, want] of Object.entries(expected)) {
    if (!byId.has(id)) throw new Unreadable(`no event ${id}`);
    if (!meets(byId.get(id), want)) return "constraint_violated";
  }
  return "pass";
}

export function grade(reply: string, expected: Record<string, ExpectedEvent>): { reward: number; reason: Reason } {
  let reason: Reason;
  if (reply.includes("<think>")) reason = "think_found";
  else if (Object.keys(expected).length === 0) reason = "pass";
  else {
    try {
      reason = gradeEvents(reply, expected);
    } catch (err) {
      if (!(err instanceof Unreadable)) throw err;
      reason = "error_in_grading";
    }
  }
  return { reward: reason === "pass" ? 1 : 0, reason };
}
