// workplace_assistant: the workplace's 27 tools over mail, calendar, analytics, project tasks and
// customers. Each kind of request the bundled tasks make is played as a model would: look up what
// the request names (an email address, the right email or event, the matching customers), act on
// it, then say what was done. Dates like "December 11" take the year of the system message's
// date. Wrong path: the oldest email or earliest event instead of the latest, one customer left
// out, the next list, another kind of chart.
import { callRecords, isObject, lastUserText, parseJson, quote, systemText } from "../policy/conversation.ts";
import type { CallRecord } from "../policy/conversation.ts";
import { call, say, type Action, type Situation, type Skill } from "../policy/types.ts";

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
const LISTS = ["Backlog", "In Progress", "In Review", "Completed"];
const METRICS: Record<string, string> = { "total visits": "total_visits", "average session duration": "session_duration_seconds", "engaged users": "user_engaged" };

/** A tool's answer: the `output` the workplace wraps it in. */
function outputOf(record: CallRecord | undefined): unknown {
  const parsed = record?.output === undefined ? undefined : parseJson(record.output);
  return isObject(parsed) ? parsed.output : undefined;
}

/** "December 11" as YYYY-MM-DD, in the year of the conversation's date. */
function dateOf(text: string, year: string): string | undefined {
  const [month, day] = text.toLowerCase().split(/\s+/);
  const index = MONTHS.indexOf(month ?? "");
  return index === -1 || !day ? undefined : `${year}-${String(index + 1).padStart(2, "0")}-${day.padStart(2, "0")}`;
}

const lookUp = (name: string) => ({ name: "company_directory_find_email_address", arguments: { name } });
const couldNot = (what: string, record: CallRecord | undefined) => say(`I could not ${what}: ${quote(record?.output ?? "no answer")}`);

/** The first address a directory lookup found for `name`. */
function addressOf(records: CallRecord[], name: string): string | undefined {
  const found = outputOf(records.find((r) => r.name === "company_directory_find_email_address" && r.arguments.name === name));
  return Array.isArray(found) && typeof found[0] === "string" ? found[0] : undefined;
}

type Plan = (match: RegExpExecArray, records: CallRecord[], correct: boolean, year: string) => Action;

function replyToEmail([, sender, subject, body]: RegExpExecArray, records: CallRecord[], correct: boolean): Action {
  const last = records.at(-1);
  if (!last) return call({ name: "email_search_emails", arguments: { query: `${subject} ${sender}`, page_size: 10 } });
  if (last.name === "email_reply_email") return say(`I replied to ${sender}'s email about '${subject}'.`);
  const found = outputOf(last);
  const emails = isObject(found) && Array.isArray(found.emails) ? found.emails.filter(isObject) : [];
  // Newest first: the last email is the first result.
  const email = correct ? emails[0] : emails.at(-1);
  if (!email) return couldNot("find that email", last);
  return call({ name: "email_reply_email", arguments: { email_id: email.email_id, body } });
}

function renameEvent([, day, name]: RegExpExecArray, records: CallRecord[], correct: boolean, year: string): Action {
  const last = records.at(-1);
  const date = dateOf(day!, year);
  if (!date) return say(`I do not know which day "${day}" is.`);
  if (!last) return call({ name: "calendar_search_events", arguments: { time_min: `${date} 00:00:00`, time_max: `${date} 23:59:59`, page_size: 20 } });
  if (last.name === "calendar_update_event") return say(`The last event on ${day} is now called ${name}.`);
  const found = outputOf(last);
  const events = isObject(found) && Array.isArray(found.events) ? found.events.filter(isObject) : [];
  // Latest first: the last event of the day is the first result.
  const event = correct ? events[0] : events.at(-1);
  if (!event) return couldNot(`find an event on ${day}`, last);
  return call({ name: "calendar_update_event", arguments: { event_id: event.event_id, field: "event_name", new_value: name } });
}

function reassignLeads([, to, from, product]: RegExpExecArray, records: CallRecord[], correct: boolean): Action {
  const last = records.at(-1);
  if (!last) return call(lookUp(to!), lookUp(from!));
  if (last.name === "customer_relationship_manager_update_customer") return say(`${from}'s ${product} leads are now assigned to ${to}.`);
  const [toAddress, fromAddress] = [addressOf(records, to!), addressOf(records, from!)];
  if (!toAddress || !fromAddress) return couldNot(`find ${to}'s and ${from}'s addresses`, last);
  if (last.name === "company_directory_find_email_address") {
    const interest = product!.charAt(0).toUpperCase() + product!.slice(1).toLowerCase();
    return call({ name: "customer_relationship_manager_search_customers", arguments: { assigned_to_email: fromAddress, status: "Lead", product_interest: interest, page_size: 50 } });
  }
  const found = outputOf(last);
  const customers = isObject(found) && Array.isArray(found.customers) ? found.customers.filter(isObject) : [];
  const moving = correct ? customers : customers.slice(0, -1);
  if (moving.length === 0) return say(`${from} has no such leads to reassign.`);
  return call(...moving.map((c) => ({ name: "customer_relationship_manager_update_customer", arguments: { customer_id: c.customer_id, field: "assigned_to_email", new_value: toAddress } })));
}

function createTask([, task, person, list, board, due]: RegExpExecArray, records: CallRecord[], correct: boolean, year: string): Action {
  const last = records.at(-1);
  if (!last) return call(lookUp(person!));
  if (last.name === "project_management_create_task") return say(`I added '${task}' for ${person}: ${quote(last.output ?? "")}`);
  const address = addressOf(records, person!);
  const date = dateOf(due!, year);
  if (!address || !date) return couldNot(`find ${person}'s address`, last);
  const listName = correct ? list! : LISTS[(LISTS.indexOf(list!) + 1) % LISTS.length]!;
  return call({ name: "project_management_create_task", arguments: { task_name: task, assigned_to_email: address, list_name: listName, due_date: date, board } });
}

function createPlot([, kind, metric, from, to]: RegExpExecArray, records: CallRecord[], correct: boolean, year: string): Action {
  const last = records.at(-1);
  if (last) return say(`Here is the chart: ${quote(String(outputOf(last) ?? last.output ?? ""))}`);
  const value = METRICS[metric!.toLowerCase()];
  const [min, max] = [dateOf(from!, year), dateOf(to!, year)];
  if (!value || !min || !max) return say("I cannot chart that.");
  const plotType = correct ? kind!.toLowerCase() : kind!.toLowerCase() === "bar" ? "line" : "bar";
  return call({ name: "analytics_create_plot", arguments: { time_min: min, time_max: max, value_to_plot: value, plot_type: plotType } });
}

const REQUESTS: [RegExp, Plan][] = [
  [/Reply to (\w+)'s last email about '(.+?)' with '(.+)'/i, replyToEmail],
  [/change the name of the last event on (\w+ \d{1,2}) to (.+?)[.?!]?$/i, renameEvent],
  // \b: a match starts at a word, so a long word is not rescanned from each of its letters (quadratic).
  [/\b(\w+) is taking over all of (\w+)'s leads that are interested in (\w+)/i, reassignLeads],
  [/Add a task called '(.+?)' for (\w+) to the (.+?) list on the (.+?) board, due (\w+ \d{1,2})/i, createTask],
  [/Create an? (\w+) chart of (.+?) between (\w+ \d{1,2}) and (\w+ \d{1,2})/i, createPlot],
];

function play({ turns, correct }: Situation): Action {
  const request = lastUserText(turns);
  const year = /\b(\d{4})-\d{2}-\d{2}\b/.exec(systemText(turns))?.[1] ?? "2023";
  for (const [pattern, plan] of REQUESTS) {
    const match = pattern.exec(request);
    if (match) return plan(match, callRecords(turns), correct, year);
  }
  return say("I am not sure what you would like me to do in the workplace tools.");
}

export default { play } satisfies Skill;
