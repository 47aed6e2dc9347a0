// Legal tools: billing, case files, court schedules, document filings, messages.
import { get_messages, send_message } from "./common.ts";
import { type Dict, type Handler, f, get, handler, has, less, lower, setdefault, shortId, times, truthy, values, within } from "./runtime.ts";
import { pythonEqual } from "../../../../shared/verifiers/json_equal.ts";

const lookup = (env: Dict, table: string, id: any, label: string) => {
  const rows = get(env, table, {});
  return has(rows, id) ? rows[id] : { error: `${label} ${f(id)} not found.` };
};

/** Whether a record's date field lies within [start, end], each bound only when given (strings compared as Python does). */
const inRange = (record: unknown, field: string, start: unknown, end: unknown) =>
  !(truthy(start) && less(get(record, field, ""), start)) && !(truthy(end) && less(end, get(record, field, "")));

const sameText = (value: unknown, record: unknown, field: string) => !truthy(value) || lower(value) === lower(get(record, field, ""));

export const LEGAL: Record<string, Handler> = {
  add_billing_entry: handler(
    ["case_id", "date", "description", "hours", "rate", ["billable", true], ["attorney", null]],
    (env, { case_id, date, description, hours, rate, billable, attorney }) => {
      const billing_id = `BL-${shortId()}`;
      const entry: Dict = { billing_id, case_id, date, description, hours, rate, amount: times(hours, rate), billable };
      if (truthy(attorney)) entry.attorney = attorney;
      setdefault(env, "billing_records", {})[billing_id] = entry;
      return `Billing entry ${billing_id} added for case ${f(case_id)}.`;
    },
    true,
  ),
  get_billing_report: handler(
    [["case_id", null], ["start_date", null], ["end_date", null], ["billable", null]],
    (env, { case_id, start_date, end_date, billable }) =>
      values(get(env, "billing_records", {})).filter(
        (e) => (!truthy(case_id) || pythonEqual(get(e, "case_id"), case_id)) && inRange(e, "date", start_date, end_date) && (billable === null || pythonEqual(get(e, "billable"), billable)),
      ),
    true,
  ),
  search_cases: handler(
    [["client_name", null], ["case_type", null], ["status", null]],
    (env, { client_name, case_type, status }) =>
      values(get(env, "case_files", {})).filter(
        (c) => (!truthy(client_name) || within(lower(client_name), lower(get(c, "client_name", "")))) && sameText(case_type, c, "case_type") && sameText(status, c, "status"),
      ),
    true,
  ),
  get_case_file: handler(["case_id"], (env, { case_id }) => lookup(env, "case_files", case_id, "Case")),
  update_case_notes: handler(["case_id", "notes"], (env, { case_id, notes }) => {
    const cases = get(env, "case_files", {});
    if (!has(cases, case_id)) return `Error: Case ${f(case_id)} not found.`;
    cases[case_id].notes = notes;
    return `Case ${f(case_id)} notes updated.`;
  }),
  send_message,
  get_messages,
  get_court_schedule: handler(["schedule_id"], (env, { schedule_id }) => lookup(env, "court_schedules", schedule_id, "Schedule")),
  search_schedules: handler(
    [["case_id", null], ["start_date", null], ["end_date", null], ["hearing_type", null]],
    (env, { case_id, start_date, end_date, hearing_type }) =>
      values(get(env, "court_schedules", {})).filter(
        (s) => (!truthy(case_id) || pythonEqual(get(s, "case_id"), case_id)) && inRange(s, "scheduled_date", start_date, end_date) && sameText(hearing_type, s, "hearing_type"),
      ),
    true,
  ),
  update_schedule_location: handler(["schedule_id", ["location", null], ["notes", null]], (env, { schedule_id, location, notes }) => {
    const schedules = get(env, "court_schedules", {});
    if (!has(schedules, schedule_id)) return `Error: Schedule ${f(schedule_id)} not found.`;
    if (location !== null) schedules[schedule_id].location = location;
    if (notes !== null) schedules[schedule_id].notes = notes;
    return `Schedule ${f(schedule_id)} updated.`;
  }),
  create_document_filing: handler(
    ["case_id", "document_type", "title", "filing_date", "court_name", "file_path", ["served_parties", null], ["notes", null]],
    (env, { case_id, document_type, title, filing_date, court_name, file_path, served_parties, notes }) => {
      const filing_id = `DF-${shortId()}`;
      const filing: Dict = { filing_id, case_id, document_type, title, filing_date, court_name, file_path, served_parties: truthy(served_parties) ? served_parties : [] };
      if (truthy(notes)) filing.notes = notes;
      setdefault(env, "document_filings", {})[filing_id] = filing;
      return `Document filing ${filing_id} created for case ${f(case_id)}.`;
    },
    true,
  ),
  get_document_filing: handler(["filing_id"], (env, { filing_id }) => lookup(env, "document_filings", filing_id, "Filing")),
};
