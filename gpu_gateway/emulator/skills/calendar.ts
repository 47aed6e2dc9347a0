// calendar: a scheduling conversation. Every user message so far is read for events ('add "Name"
// ... 45 minutes (event id: 3)') and constraints on them ("(event id: 3) ... at or after 2pm", "end
// by 11am", "between 10am and 12pm", "at 11:15am"); each reply is the whole calendar as a JSON
// list, the events placed at the earliest 15-minute starts inside the system message's window that
// keep every constraint with no overlap. Wrong path: the most recently added event is left out.
import { systemText } from "../policy/conversation.ts";
import { decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";

interface Event {
  id: number;
  name: string;
  duration: number;
  /** [earliest start, latest end] the user allows, in minutes after midnight. */
  bounds: [number, number];
  /** A start the user fixed, if any. */
  at?: number;
}

const TIME = String.raw`(\d{1,2}(?::\d{2})?\s?[ap]m)`;
const ADD = /add "([^"]+)"[^]*?(\d+)[-\s]minutes?[^]*?\(event id: (\d+)\)|add "([^"]+)"[^]*?\(event id: (\d+)\)[^]*?(\d+)[-\s]minutes?/i;
const ID = /\(event id: (\d+)\)/i;
const STEP = 15;

function minutes(time: string): number {
  const [, h, m, half] = /(\d{1,2})(?::(\d{2}))?\s?([ap]m)/i.exec(time)!;
  return (Number(h) % 12) * 60 + Number(m ?? 0) + (half!.toLowerCase() === "pm" ? 720 : 0);
}

const clock = (t: number) => `${String(Math.floor(t / 60)).padStart(2, "0")}:${String(t % 60).padStart(2, "0")}`;

/** The events the user has asked for so far, with the constraints they set on them. */
function eventsOf(userTexts: readonly string[], window: [number, number]): Event[] {
  const events = new Map<number, Event>();
  for (const text of userTexts) {
    const add = ADD.exec(text);
    if (add) {
      const [name, duration, id] = add[1] !== undefined ? [add[1], add[2], add[3]] : [add[4], add[6], add[5]];
      events.set(Number(id), { id: Number(id), name: name!, duration: Number(duration), bounds: [...window] });
      continue;
    }
    const event = events.get(Number(ID.exec(text)?.[1]));
    if (!event) continue;
    const between = new RegExp(`between ${TIME} and ${TIME}`, "i").exec(text);
    const after = new RegExp(`at or after ${TIME}`, "i").exec(text);
    const before = new RegExp(`(?:ends?|finish(?:es)?) by ${TIME}`, "i").exec(text);
    const at = new RegExp(`\\bat ${TIME}`, "i").exec(text);
    if (between) event.bounds = [minutes(between[1]!), minutes(between[2]!)];
    else if (after) event.bounds = [minutes(after[1]!), window[1]];
    else if (before) event.bounds = [window[0], minutes(before[1]!)];
    else if (at) event.at = minutes(at[1]!);
  }
  return [...events.values()].sort((a, b) => a.id - b.id);
}

/** Starts for every event, in order, with no overlaps; the earliest such schedule. */
function schedule(events: readonly Event[], window: [number, number]): Map<number, number> | undefined {
  const placed = new Map<number, number>();
  const place = (index: number): boolean => {
    const event = events[index];
    if (!event) return true;
    const [lo, hi] = [Math.max(event.bounds[0], window[0]), Math.min(event.bounds[1], window[1])];
    const starts = event.at !== undefined ? [event.at] : Array.from({ length: Math.max(0, Math.floor((hi - event.duration - lo) / STEP) + 1) }, (_, i) => lo + i * STEP);
    for (const start of starts) {
      const clash = events.slice(0, index).some((other) => start < placed.get(other.id)! + other.duration && placed.get(other.id)! < start + event.duration);
      if (clash || start + event.duration > window[1] || start < window[0]) continue;
      placed.set(event.id, start);
      if (place(index + 1)) return true;
    }
    placed.delete(event.id);
    return false;
  };
  return place(0) ? placed : undefined;
}

function play({ turns, correct }: Situation): Action {
  // "Every event lies between 10am and 4pm" (or "all events are ..."); 10am to 4pm when unsaid.
  const windowMatch = new RegExp(`(?:every|all) events?[^.]*?between ${TIME} and ${TIME}`, "i").exec(systemText(turns));
  const window: [number, number] = windowMatch ? [minutes(windowMatch[1]!), minutes(windowMatch[2]!)] : [600, 960];
  const all = eventsOf(turns.filter((t) => t.role === "user").map((t) => t.content), window);
  const newest = all.reduce<Event | undefined>((a, b) => (a === undefined || b.id > a.id ? b : a), undefined);
  const events = correct ? all : all.filter((e) => e !== newest);
  const starts = schedule(events, window);
  if (!starts) return decline("I could not fit every event into the day without breaking a constraint.");
  const entries = events
    .sort((a, b) => starts.get(a.id)! - starts.get(b.id)!)
    .map((e) => `{"event_id": ${e.id}, "event_name": ${JSON.stringify(e.name)}, "start_time": "${clock(starts.get(e.id)!)}", "duration": ${e.duration}}`);
  return say(`[${entries.join(", ")}]`);
}

// Rows carry the conversation so far, earlier replies included: the final reply is the one drawn.
export default { play, drawsEachReply: true } satisfies Skill;
