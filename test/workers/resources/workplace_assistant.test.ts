import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, test } from "vitest";
import { z } from "../../../shared/zod.ts";
import server from "../../../workers/resources/workplace_assistant/index.ts";
import { tools } from "../../../workers/resources/workplace_assistant/tools/all.ts";
import { cookieScope, newSessionId, signSession } from "../../../shared/session/cookie.ts";
import { client, serverEnv } from "../../workerd/helpers.ts";
import { NOTHING, storedIn } from "../../durable_objects/stored.ts";
import exampleRows from "../../../workers/resources/workplace_assistant/data/example.jsonl?raw";

const rows = (exampleRows as string).split("\n").filter(Boolean).map((line) => JSON.parse(line));
const open = () => client(server, serverEnv("workplace_assistant"));
const call = (name: string, args: Record<string, unknown>) => ({ name, arguments: JSON.stringify(args) });
const fc = (name: string, args: Record<string, unknown>, i = 0) => ({ type: "function_call", call_id: `c${i}`, name, arguments: JSON.stringify(args) });
const response = (...output: object[]) => ({ id: "r1", output });
const task = (ground_truth: unknown) => ({ responses_create_params: { input: [{ role: "user", content: "do it" }] }, ground_truth });

const emptySessionBytes = () => env.SESSIONS.get(env.SESSIONS.newUniqueId()).databaseSize();

async function seeded() {
  const s = open();
  expect((await s.post("/seed_session", { responses_create_params: { input: "hi" } })).status).toBe(200);
  return s;
}

/** The reward of a response's calls against expected calls. */
async function reward(expected: unknown, ...calls: { name: string; arguments: string }[]) {
  const s = await seeded();
  const v = await s.post("/verify", { ...task(expected), response: response(...calls.map((c, i) => ({ type: "function_call", call_id: `c${i}`, ...c }))) });
  expect(v.status).toBe(200);
  return v.body.reward;
}

describe("workplace_assistant: the example rows", () => {
  test("offer the reference's 27 tools, as the tools' zod schemas describe them", () => {
    const specs = Object.entries(tools).map(([name, tool]) => {
      const schema = z.toJSONSchema((tool.input as unknown as z.ZodPipe).out, { io: "input" }) as Record<string, any>;
      const properties = Object.fromEntries(Object.entries(schema.properties).map(([key, p]: [string, any]) => [key, { type: p.type, description: p.description }]));
      return { type: "function", name, description: schema.description, parameters: { type: "object", properties, required: schema.required ?? [], additionalProperties: false }, strict: false };
    });
    expect(specs).toHaveLength(27);
    for (const row of rows) expect(row.responses_create_params.tools).toEqual(specs);
  });

  test.each(rows.map((row) => [row.category, row]))("%s: making the expected calls earns 1, making none 0", async (_category, row) => {
    const s = await seeded();
    const calls = row.ground_truth.map((c: { name: string; arguments: string }, i: number) => ({ type: "function_call", call_id: `c${i}`, ...c }));
    expect((await s.post("/verify", { ...row, response: response(...calls) })).body.reward).toBe(1);
    expect((await s.post("/verify", { ...row, response: response() })).body.reward).toBe(0);
  });
});

describe("workplace_assistant: tools over the session's world", () => {
  test("read and search the bundled world", async () => {
    const s = await seeded();
    expect((await s.post("/company_directory_find_email_address", { name: "Felix" })).body).toEqual({ output: ["felix.wagner@kestrel.io"] });
    const found = (await s.post("/email_search_emails", { query: "Task update on Refactor search indexer felix", page_size: 2 })).body.output;
    expect(found.emails.map((e: any) => e.email_id)).toEqual(["00000073", "00000060"]);
    expect(found.pagination).toEqual({ total_emails: 3, page: 1, page_size: 2, total_pages: 2 });
    expect(Object.keys(found.emails[0])).toEqual(["email_id", "inbox/outbox", "sender/recipient", "subject", "sent_datetime", "body"]);
    // A page past the end is the last page.
    expect((await s.post("/email_search_emails", { query: "indexer felix", page: 9, page_size: 2 })).body.output.pagination.page).toBe(2);
    expect((await s.post("/email_search_emails", { query: "no such words anywhere" })).body).toEqual({ output: "No emails found." });
    const day = (await s.post("/calendar_search_events", { time_min: "2023-12-11", time_max: "2023-12-11 23:59:59", page_size: 10 })).body.output;
    expect(day.events[0]).toMatchObject({ event_id: "00000015", event_start: "2023-12-11 13:30:00" });
    expect((await s.post("/calendar_get_event_information_by_id", { event_id: "00000015", field: "event_name" })).body).toEqual({ output: { event_name: "Roadmap sync" } });
    expect((await s.post("/calendar_get_event_information_by_id", { event_id: "15", field: "event_name" })).body.output).toBe("Invalid event ID format. Expected 8-digit ID.");
    const visits = (await s.post("/analytics_total_visits_count", { time_min: "2023-11-01", time_max: "2023-11-03" })).body.output;
    expect(Object.keys(visits)).toEqual([...Object.keys(visits)].sort());
    expect(Object.keys(visits).every((d) => d >= "2023-11-01" && d <= "2023-11-03")).toBe(true);
    const engaged = (await s.post("/analytics_traffic_source_count", { time_min: "2023-11-01", time_max: "2023-11-03", traffic_source: "direct" })).body.output;
    expect(Object.keys(engaged)).toEqual(Object.keys(visits));
    const leads = (await s.post("/customer_relationship_manager_search_customers", { assigned_to_email: "kemi", status: "lead", product_interest: "services" })).body.output;
    expect(leads.customers.map((c: any) => c.customer_id)).toEqual(["00000002", "00000012"]);
    expect((await s.post("/customer_relationship_manager_search_customers", { page: 2 })).body.output).toBe("No search parameters provided. Please provide at least one parameter.");
    expect((await s.post("/project_management_search_tasks", { assigned_to_email: "not an email" })).body.output).toBe("Invalid email format for assigned_to_email.");
  });

  test("writes follow the reference: new ids, lower-cased addresses, its messages", async () => {
    const s = await seeded();
    expect((await s.post("/email_send_email", { recipient: "Noah.Kim@kestrel.io", subject: "Hi", body: "Lunch?" })).body.output).toBe("Email sent successfully.");
    const [sent] = (await s.post("/email_search_emails", { query: "lunch? noah" })).body.output.emails;
    // Mail ids are one more than the greatest, unpadded; the others are padded to 8 digits.
    expect(sent).toEqual({ email_id: "81", "inbox/outbox": "outbox", "sender/recipient": "noah.kim@kestrel.io", subject: "Hi", sent_datetime: "2023-11-30 23:59:00", body: "Lunch?" });
    expect((await s.post("/email_send_email", { recipient: "nobody", subject: "Hi", body: "x" })).body.output).toBe("Invalid recipient email address.");
    expect((await s.post("/email_reply_email", { email_id: "00000073", body: "Thanks" })).body.output).toBe("Email replied successfully.");
    expect((await s.post("/email_get_email_information_by_id", { email_id: "82", field: "subject" })).body.output).toEqual({ subject: "RE: Task update on Refactor search indexer" });
    expect((await s.post("/email_get_email_information_by_id", { email_id: "82", field: "cc" })).body.output).toBe(
      "Field 'cc' not found. Available fields: email_id, inbox/outbox, sender/recipient, subject, sent_datetime, body",
    );
    const event = { event_name: "Demo", participant_email: "ADA.okafor@kestrel.io", event_start: "2023-12-01 10:00:00", duration: "30" };
    expect((await s.post("/calendar_create_event", event)).body.output).toBe("00000061");
    expect((await s.post("/calendar_create_event", { ...event, duration: "-5" })).body.output).toBe("Duration must be a positive number of minutes.");
    expect((await s.post("/calendar_create_event", { ...event, event_start: "tomorrow" })).body.output).toBe("Invalid event_start format. Expected YYYY-MM-DD HH:MM:SS.");
    expect((await s.post("/calendar_update_event", { event_id: "00000061", field: "location", new_value: "x" })).body.output).toBe(
      "Invalid field. Available fields are: event_name, participant_email, event_start, duration",
    );
    const newTask = { task_name: "Audit logs", assigned_to_email: "grace.liu@kestrel.io", list_name: "Backlog", due_date: "2023-12-08", board: "Design" };
    expect((await s.post("/project_management_create_task", newTask)).body.output).toBe("00000061");
    expect((await s.post("/project_management_create_task", { ...newTask, assigned_to_email: "noah.kim@kestrel.io" })).body.output).toBe(
      "Assignee email not valid. Please choose from the list of team members.",
    );
    expect((await s.post("/project_management_update_task", { task_id: "00000061", field: "board", new_value: "back end" })).body.output).toBe(
      "Board not valid. Please choose from: 'Back end', 'Front end', 'Design'.",
    );
    expect((await s.post("/customer_relationship_manager_add_customer", { customer_name: "Kai Lee", assigned_to_email: "Omar.Haddad@kestrel.io", status: "Lead" })).body.output).toBe("00000051");
    const [added] = (await s.post("/customer_relationship_manager_search_customers", { customer_name: "kai lee" })).body.output.customers;
    expect(added).toMatchObject({ assigned_to_email: "omar.haddad@kestrel.io", customer_email: null, notes: "" });
    expect((await s.post("/customer_relationship_manager_update_customer", { customer_id: "00000051", field: "status", new_value: "Closed" })).body.output).toBe(
      "Status not valid. Please choose from: 'Qualified', 'Won', 'Lost', 'Lead', 'Proposal'",
    );
    expect((await s.post("/customer_relationship_manager_delete_customer", { customer_id: "00000051" })).body.output).toBe("Customer deleted successfully.");
    expect((await s.post("/customer_relationship_manager_delete_customer", { customer_id: "00000051" })).body.output).toBe("Customer not found.");
    expect((await s.post("/analytics_create_plot", { time_min: "2023-11-01", time_max: "2023-11-02", value_to_plot: "total_visits", plot_type: "pie" })).body.output).toBe(
      "Plot type must be one of 'bar', 'line', 'scatter', or 'histogram'",
    );
  });

  test("arguments are checked by the tool's schema: a 400 names the field; a null argument is absent", async () => {
    const s = await seeded();
    const wrongType = await s.post("/calendar_update_event", { event_id: 15, field: "event_name", new_value: "x" });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error.issues[0].path).toBe("event_id");
    const extra = await s.post("/email_delete_email", { email_id: "00000001", force: true });
    expect(extra.body.error.issues[0].path).toBe("force");
    expect((await s.post("/email_search_emails", { page_size: 0 })).body.error.issues[0].path).toBe("page_size");
    expect((await s.post("/company_directory_find_email_address", { name: null })).body).toEqual({ output: "Name not provided." });
  });

  test("a tool call in a session that was never seeded is a 400, as the reference answers", async () => {
    const unseeded = await open().post("/email_search_emails", {});
    expect(unseeded.status).toBe(400);
    expect(unseeded.body.error).toMatchObject({ type: "session_not_seeded", message: "Session not initialized. Please call seed_session first." });
  });

  test("so is one in a closed session, or with a signed cookie for a session never seeded: never a 500, and nothing stored", async () => {
    const s = await seeded();
    const closed = s.jar.header()!;
    await s.post("/close_session", {});
    const unseeded = `session=${await signSession(env.SESSION_SECRET, cookieScope("workplace_assistant", undefined), newSessionId())}`;
    for (const cookie of [closed, unseeded]) {
      for (const [name, args] of [["email_search_emails", {}], ["email_send_email", { recipient: "a@b.com", subject: "s", body: "b" }], ["project_management_update_task", { task_id: "00000001", field: "board", new_value: "Design" }]] as const) {
        const res = await s.send(`/${name}`, args, { headers: { cookie } });
        expect(res.status, name).toBe(400);
        expect(((await res.json()) as { error: { type: string } }).error.type).toBe("session_not_seeded");
      }
      expect(await storedIn(env.SESSIONS.get(env.SESSIONS.idFromName(cookie.match(/session=([0-9a-f]{32})/)![1]!)))).toEqual(NOTHING);
    }
  });

  test("sessions keep their own worlds", async () => {
    const [a, b] = await Promise.all([seeded(), seeded()]);
    await a.post("/email_delete_email", { email_id: "00000073" });
    expect((await a.post("/email_delete_email", { email_id: "00000073" })).body.output).toBe("Email not found.");
    expect((await b.post("/email_delete_email", { email_id: "00000073" })).body.output).toBe("Email deleted successfully.");
  });

  test("close_session releases the world's storage", async () => {
    const s = await seeded();
    const id = s.jar.header()!.match(/session=([0-9a-f]{32})/)![1]!;
    const stub = env.SESSIONS.get(env.SESSIONS.idFromName(id));
    const seededBytes = await stub.databaseSize();
    await s.post("/close_session", {});
    const releasedBytes = await stub.databaseSize();
    expect(seededBytes).toBeGreaterThan(50_000);
    // As small as an object that never held anything.
    expect(releasedBytes).toBe(await emptySessionBytes());
    await runInDurableObject(stub, (_instance, state) => {
      expect(state.storage.sql.exec("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'emails'").toArray()).toEqual([]);
    });
  });
});

describe("workplace_assistant: verify replays both call lists on fresh worlds and compares states", () => {
  const reply = (body: string) => call("email_reply_email", { email_id: "00000073", body });

  test("the calls made before verify do not matter; only the response's calls do", async () => {
    const s = await seeded();
    await s.post("/email_delete_email", { email_id: "00000001" });
    const v = await s.post("/verify", { ...task([reply("ok")]), response: response(fc("email_reply_email", { email_id: "00000073", body: "ok" })) });
    expect(v.body.reward).toBe(1);
  });

  test("strings compare ignoring case, but for status, list_name and board", async () => {
    expect(await reward([reply("Thanks")], reply("THANKS"))).toBe(1);
    const status = (value: string) => call("customer_relationship_manager_update_customer", { customer_id: "00000002", field: "notes", new_value: value });
    expect(await reward([status("Call back")], status("call back"))).toBe(1);
    const list = (value: string) => call("project_management_update_task", { task_id: "00000060", field: "list_name", new_value: value });
    expect(await reward([list("Backlog")], list("Backlog"))).toBe(1);
    const name = (value: string) => call("customer_relationship_manager_update_customer", { customer_id: "00000002", field: "status", new_value: value });
    // "won" is refused by the tool, so the states differ.
    expect(await reward([name("Won")], name("won"))).toBe(0);
  });

  test("calls the model got wrong are skipped: unknown tools, bad JSON, refused arguments", async () => {
    const expected = [reply("ok")];
    expect(await reward(expected, { name: "email_nuke", arguments: "{}" }, { name: "email_reply_email", arguments: "{not json" }, call("email_delete_email", { email_id: 1 }), reply("ok"))).toBe(1);
  });

  test("a read-only call changes nothing; a wrong write does", async () => {
    expect(await reward([], call("email_search_emails", { query: "felix" }))).toBe(1);
    expect(await reward([], call("email_delete_email", { email_id: "00000001" }))).toBe(0);
  });

  test("deleting then adding is another state than adding then deleting (pandas' index labels)", async () => {
    const send = call("email_send_email", { recipient: "a@b.co", subject: "s", body: "b" });
    const remove = call("email_delete_email", { email_id: "00000005" });
    expect(await reward([send, remove], send, remove)).toBe(1);
    expect(await reward([send, remove], remove, send)).toBe(0);
    // A calendar event is added with label 0, so there the order does not matter.
    const create = call("calendar_create_event", { event_name: "x", participant_email: "a@b.co", event_start: "2023-12-01 10:00:00", duration: "30" });
    const cancel = call("calendar_delete_event", { event_id: "00000005" });
    expect(await reward([create, cancel], cancel, create)).toBe(1);
  });

  test("ground truth: a list, its JSON text, or under verifier_metadata; none is a 400", async () => {
    expect(await reward(JSON.stringify([reply("ok")]), reply("ok"))).toBe(1);
    const s = await seeded();
    const nested = { responses_create_params: task([]).responses_create_params, verifier_metadata: { ground_truth: [reply("ok")] } };
    expect((await s.post("/verify", { ...nested, response: response(fc("email_reply_email", { email_id: "00000073", body: "ok" })) })).body.reward).toBe(1);
    const missing = await s.post("/verify", { responses_create_params: nested.responses_create_params, response: response() });
    expect(missing.status).toBe(400);
    expect(missing.body.error.issues[0].path).toBe("ground_truth");
    const garbled = await s.post("/verify", { ...task("not json"), response: response() });
    expect(garbled.body.error.issues[0].path).toBe("ground_truth");
  });

  test("verify replays in scratch objects of its own: with no session, a closed one or a live one, it scores the response and leaves the session as it was", async () => {
    const body = { ...task([reply("ok")]), response: response(fc("email_reply_email", { email_id: "00000073", body: "ok" })) };
    const none = open();
    expect((await none.post("/verify", body)).body.reward).toBe(1);
    const noneId = none.jar.header()!.match(/session=([0-9a-f]{32})/)![1]!;
    expect(await storedIn(env.SESSIONS.get(env.SESSIONS.idFromName(noneId)))).toEqual(NOTHING);

    const live = await seeded();
    await live.post("/email_delete_email", { email_id: "00000001" });
    expect((await live.post("/verify", body)).body.reward).toBe(1);
    // The session's world is still the one its tool calls left.
    expect((await live.post("/email_delete_email", { email_id: "00000001" })).body.output).toBe("Email not found.");

    const closedId = live.jar.header()!.match(/session=([0-9a-f]{32})/)![1]!;
    await live.post("/close_session", {});
    expect((await live.post("/verify", body)).body.reward).toBe(1);
    expect(await storedIn(env.SESSIONS.get(env.SESSIONS.idFromName(closedId)))).toEqual(NOTHING);
  });
});

describe("workplace_assistant: a row may bring the reference's world (world_files)", () => {
  const files = {
    "csv_data/processed/emails.csv": 'email_id,inbox/outbox,sender/recipient,subject,sent_datetime,body\n00000001,inbox,kim@x.com,"Hello, world",2023-10-01 09:00:00,"Say ""hi""\\nBye"\n',
    "csv_data/processed/calendar_events.csv": "event_id,event_name,participant_email,event_start,duration\n",
    "csv_data/processed/analytics_data.csv": "date_of_visit,visitor_id,page_views,session_duration_seconds,traffic_source,user_engaged\n2023-10-01,0042,3,12,direct,True\n",
    "csv_data/processed/project_tasks.csv": "task_id,task_name,assigned_to_email,list_name,due_date,board\n",
    "csv_data/processed/customer_relationship_manager_data.csv":
      "customer_id,assigned_to_email,customer_name,customer_email,customer_phone,last_contact_date,product_interest,status,follow_up_by,notes\n00000001,kim@x.com,Lee Park,lee@y.com,,2023-11-01 23:59:00,Software,Lead,2023-12-01 23:59:00,\n",
    "csv_data/raw/email_addresses.csv": "kim@x.com\nsam@x.com\n",
  };

  test("seeds and verifies on it", async () => {
    const s = open();
    expect((await s.post("/seed_session", { responses_create_params: { input: "hi" }, world_files: files })).status).toBe(200);
    expect((await s.post("/email_get_email_information_by_id", { email_id: "00000001", field: "body" })).body.output).toEqual({ body: 'Say "hi"\\nBye' });
    expect((await s.post("/analytics_get_visitor_information_by_id", { visitor_id: "0042" })).body.output).toEqual([
      { date_of_visit: "2023-10-01", visitor_id: "0042", page_views: "3", session_duration_seconds: "12", traffic_source: "direct", user_engaged: true },
    ]);
    const [customer] = (await s.post("/customer_relationship_manager_search_customers", { customer_name: "lee" })).body.output.customers;
    expect(customer).toMatchObject({ customer_phone: null, notes: null });
    expect((await s.post("/company_directory_find_email_address", { name: "x.com" })).body.output).toEqual(["kim@x.com", "sam@x.com"]);
    const remove = call("customer_relationship_manager_delete_customer", { customer_id: "00000001" });
    const v = await s.post("/verify", { ...task([remove]), world_files: files, response: response(fc(remove.name, { customer_id: "00000001" })) });
    expect(v.body.reward).toBe(1);
  });

  test("a missing or malformed file is a 400 naming it", async () => {
    const s = open();
    const { ["csv_data/raw/email_addresses.csv"]: _dropped, ...missing } = files;
    const without = await s.post("/seed_session", { responses_create_params: { input: "hi" }, world_files: missing });
    expect(without.status).toBe(400);
    expect(without.body.error.issues[0].path).toBe('world_files["csv_data/raw/email_addresses.csv"]');
    const ragged = await s.post("/seed_session", { responses_create_params: { input: "hi" }, world_files: { ...files, "csv_data/processed/project_tasks.csv": "task_id,task_name\n1,2,3\n" } });
    expect(ragged.status).toBe(400);
    expect(ragged.body.error.issues[0].path).toBe('world_files["csv_data/processed/project_tasks.csv"]');
  });
});
