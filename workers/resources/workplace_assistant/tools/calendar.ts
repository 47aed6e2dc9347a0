// The calendar: events by 8-digit id, searched by name or participant, created, changed, deleted.
import { ident } from "../../../../shared/resources/world/tables.ts";
import type { SqlRow } from "../../../../shared/session/sql.ts";
import { paginate } from "../pages.ts";
import { timestamp } from "../timestamps.ts";
import { addRow, nextId, selectList } from "../world.ts";
import { args, integer, pageSize, text, workplaceTool } from "./tool.ts";

const EVENT_ID = /^\d{8}$/;
const INVALID_ID = "Invalid event ID format. Expected 8-digit ID.";
const FIELDS = ["event_id", "event_name", "participant_email", "event_start", "duration"];
const UPDATABLE = FIELDS.slice(1);
const invalidField = (fields: string[]) => `Invalid field. Available fields are: ${fields.join(", ")}`;
const invalidStart = (name: string) => `Invalid ${name} format. Expected YYYY-MM-DD HH:MM:SS.`;

/** A duration's problem, if any: a whole positive number of minutes, as Python's int() reads one. */
function durationProblem(value: string): string | undefined {
  if (!/^\s*[+-]?\d+\s*$/.test(value)) return "Invalid duration format. Expected a number of minutes.";
  return Number(value) <= 0 ? "Duration must be a positive number of minutes." : undefined;
}

const startOf = (event: SqlRow) => timestamp(String(event.event_start)) ?? "";

export const calendarTools = {
  calendar_get_event_information_by_id: workplaceTool(
    args("Returns the event for a given ID.", {
      event_id: text("8-digit ID of the event"),
      field: text("Field to return. Available fields are: 'event_id', 'event_name', 'participant_email', 'event_start', 'duration'"),
    }),
    async ({ event_id, field }, state) => {
      if (!event_id) return "Event ID not provided.";
      if (!field) return "Field not provided.";
      if (!EVENT_ID.test(event_id)) return INVALID_ID;
      if (!FIELDS.includes(field)) return invalidField(FIELDS);
      const [event] = await state.query(`SELECT ${selectList("calendar_events")} FROM calendar_events WHERE event_id = ?`, event_id);
      return event ? { [field]: event[field] } : "Event not found.";
    },
  ),

  calendar_search_events: workplaceTool(
    args("Returns the events for a given query with pagination support.", {
      query: text("Query to search for. Terms will be matched in the event_name and participant_email fields").optional(),
      time_min: text("Lower bound (inclusive) for an event's end time to filter by. Format: YYYY-MM-DD HH:MM:SS").optional(),
      time_max: text("Upper bound (inclusive) for an event's start time to filter by. Format: YYYY-MM-DD HH:MM:SS").optional(),
      page: integer("Page number of results to return").optional(),
      page_size: pageSize("Number of events per page").optional(),
    }),
    async ({ query = "", time_min, time_max, page = 1, page_size = 5 }, state) => {
      const min = time_min ? timestamp(time_min) : undefined;
      const max = time_max ? timestamp(time_max) : undefined;
      if (time_min && min === undefined) return invalidStart("time_min");
      if (time_max && max === undefined) return invalidStart("time_max");
      const matches = `instr(lower(${ident("event_name")}), ?) > 0 OR instr(lower(${ident("participant_email")}), ?) > 0`;
      const found = await state.query(`SELECT ${selectList("calendar_events")} FROM calendar_events WHERE ${matches} ORDER BY rowid`, query.toLowerCase(), query.toLowerCase());
      // Both bounds apply to the start, whatever the description says (as the reference filters).
      const events = found
        .filter((event) => (min === undefined || startOf(event) >= min) && (max === undefined || startOf(event) <= max))
        // Latest first; a stable sort keeps events that start together in filing order.
        .sort((a, b) => (startOf(a) < startOf(b) ? 1 : startOf(a) > startOf(b) ? -1 : 0));
      if (events.length === 0) return "No events found.";
      const shown = paginate(events, page, page_size);
      return { events: shown.items, pagination: { total_events: shown.total, page: shown.page, page_size: shown.pageSize, total_pages: shown.totalPages } };
    },
  ),

  calendar_create_event: workplaceTool(
    args("Creates a new event.", {
      event_name: text("Name of the event"),
      participant_email: text("Email of the participant"),
      event_start: text("Start time of the event. Format: YYYY-MM-DD HH:MM:SS"),
      duration: text("Duration of the event in minutes"),
    }),
    async ({ event_name, participant_email, event_start, duration }, state) => {
      if (!event_name) return "Event name not provided.";
      if (!participant_email) return "Participant email not provided.";
      if (!event_start) return "Event start not provided.";
      if (!duration) return "Event duration not provided.";
      if (timestamp(event_start) === undefined) return invalidStart("event_start");
      const problem = durationProblem(duration);
      if (problem) return problem;
      const [rows] = await state.sql(
        addRow("calendar_events", {
          event_id: nextId("calendar_events", "event_id", true),
          event_name: { sql: "?", params: [event_name] },
          participant_email: { sql: "?", params: [participant_email.toLowerCase()] },
          event_start: { sql: "?", params: [event_start] },
          duration: { sql: "?", params: [duration] },
        }),
      );
      return rows![0]!.event_id;
    },
  ),

  calendar_delete_event: workplaceTool(
    args("Deletes an event.", { event_id: text("8-digit ID of the event") }),
    async ({ event_id }, state) => {
      if (!event_id) return "Event ID not provided.";
      if (!EVENT_ID.test(event_id)) return INVALID_ID;
      const deleted = await state.query("DELETE FROM calendar_events WHERE event_id = ? RETURNING event_id", event_id);
      return deleted.length > 0 ? "Event deleted successfully." : "Event not found.";
    },
  ),

  calendar_update_event: workplaceTool(
    args("Updates an event.", {
      event_id: text("8-digit ID of the event"),
      field: text("Field to update. Available fields are: 'event_name', 'participant_email', 'event_start', 'duration'"),
      new_value: text("New value for the field"),
    }),
    async ({ event_id, field, new_value }, state) => {
      if (!event_id || !field || !new_value) return "Event ID, field, or new value not provided.";
      if (!EVENT_ID.test(event_id)) return INVALID_ID;
      if (!UPDATABLE.includes(field)) return invalidField(UPDATABLE);
      if (field === "event_start" && timestamp(new_value) === undefined) return invalidStart("event_start");
      const problem = field === "duration" ? durationProblem(new_value) : undefined;
      if (problem) return problem;
      const value = field === "participant_email" ? new_value.toLowerCase() : new_value;
      // `field` is one of UPDATABLE: a column name of ours, never the model's text.
      const updated = await state.query(`UPDATE calendar_events SET ${ident(field)} = ? WHERE event_id = ? RETURNING event_id`, value, event_id);
      return updated.length > 0 ? "Event updated successfully." : "Event not found.";
    },
  ),
};
