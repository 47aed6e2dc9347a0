// The mailbox: read, search, send, delete, forward, reply. Mail sent now is stamped with the
// environment's fixed current time.
import { ident } from "../../../../shared/resources/world/tables.ts";
import type { SessionState } from "../../../../shared/session/session.ts";
import { paginate } from "../pages.ts";
import { dateOf } from "../timestamps.ts";
import { addRow, columnsOf, nextId, selectList } from "../world.ts";
import { args, integer, pageSize, text, workplaceTool } from "./tool.ts";

const CURRENT_TIME = "2023-11-30 23:59:00";

const byId = async (state: SessionState, emailId: string) => (await state.query(`SELECT ${selectList("emails")} FROM emails WHERE email_id = ?`, emailId))[0];

const validRecipient = (recipient: string) => recipient.includes("@") && recipient.includes(".");

async function send(state: SessionState, recipient: string, subject: string, body: string): Promise<string> {
  if (!recipient || !subject || !body) return "Recipient, subject, or body not provided.";
  if (!validRecipient(recipient)) return "Invalid recipient email address.";
  await state.sql(
    addRow("emails", {
      email_id: nextId("emails", "email_id", false),
      "inbox/outbox": { sql: "'outbox'" },
      "sender/recipient": { sql: "?", params: [recipient.toLowerCase()] },
      subject: { sql: "?", params: [subject] },
      sent_datetime: { sql: "?", params: [CURRENT_TIME] },
      body: { sql: "?", params: [body] },
    }),
  );
  return "Email sent successfully.";
}

/** A message to pass on: the result of sending it, or the answer of the tool that passed it on. */
const passedOn = (result: string, done: string) => (result.includes("Error") || result.includes("Invalid") ? result : done);

const FIELDS = "Available fields: 'email_id', 'inbox/outbox', 'sender/recipient', 'subject', 'sent_datetime', 'body'";

export const emailTools = {
  email_get_email_information_by_id: workplaceTool(
    args("Retrieves specific details of an email by its ID.", {
      email_id: text("Unique ID of the email"),
      field: text(`Specific field to return. ${FIELDS}`),
    }),
    async ({ email_id, field }, state) => {
      if (!email_id) return "Email ID not provided.";
      if (!field) return "Field not provided.";
      const email = await byId(state, email_id);
      if (!email) return "Email not found.";
      return Object.hasOwn(email, field) ? { [field]: email[field] } : `Field '${field}' not found. Available fields: ${columnsOf("emails").join(", ")}`;
    },
  ),

  email_search_emails: workplaceTool(
    args(
      "Searches for emails matching the given query across subject, body, or sender fields. The function matches an email if all words in the query appear in any of these fields.",
      {
        query: text("Search query, matching terms in subject, body, or sender/recipient fields").optional(),
        date_min: text("Lower date limit for the email's sent date (inclusive). Format: YYYY-MM-DD").optional(),
        date_max: text("Upper date limit for the email's sent date (inclusive). Format: YYYY-MM-DD").optional(),
        page: integer("Page number of results to return").optional(),
        page_size: pageSize("Number of emails per page").optional(),
      },
    ),
    async ({ query = "", date_min, date_max, page = 1, page_size = 5 }, state) => {
      const conditions: string[] = [];
      const params: string[] = [];
      // Every word somewhere in subject, body or sender/recipient (a missing cell reads "nan", as Python formats it).
      const haystack = `lower(${["subject", "body", "sender/recipient"].map((c) => `COALESCE(${ident(c)}, 'nan')`).join(" || ' ' || ")})`;
      for (const word of query.toLowerCase().split(/\s+/).filter(Boolean)) {
        conditions.push(`instr(${haystack}, ?) > 0`);
        params.push(word);
      }
      for (const [bound, op, name] of [[date_min, ">=", "date_min"], [date_max, "<=", "date_max"]] as const) {
        if (!bound) continue;
        const date = dateOf(bound);
        if (date === undefined) return `Error searching emails: ${name} "${bound}" is not a date (YYYY-MM-DD)`;
        conditions.push(`substr(sent_datetime, 1, 10) ${op} ?`);
        params.push(date);
      }
      const where = conditions.length > 0 ? `WHERE ${conditions.join(" AND ")}` : "";
      // Newest first; mail sent at the same moment stays in the order it was filed.
      const emails = await state.query(`SELECT ${selectList("emails")} FROM emails ${where} ORDER BY sent_datetime DESC, rowid`, ...params);
      if (emails.length === 0) return "No emails found.";
      const found = paginate(emails, page, page_size);
      return { emails: found.items, pagination: { total_emails: found.total, page: found.page, page_size: found.pageSize, total_pages: found.totalPages } };
    },
  ),

  email_send_email: workplaceTool(
    args("Sends an email to the specified recipient.", {
      recipient: text("Email address of the recipient"),
      subject: text("Subject line of the email"),
      body: text("Body content of the email"),
    }),
    ({ recipient, subject, body }, state) => send(state, recipient, subject, body),
  ),

  email_delete_email: workplaceTool(
    args("Deletes an email by its ID.", { email_id: text("Unique ID of the email to be deleted") }),
    async ({ email_id }, state) => {
      if (!email_id) return "Email ID not provided.";
      const deleted = await state.query("DELETE FROM emails WHERE email_id = ? RETURNING email_id", email_id);
      return deleted.length > 0 ? "Email deleted successfully." : "Email not found.";
    },
  ),

  email_forward_email: workplaceTool(
    args("Forwards an email to the specified recipient.", {
      email_id: text("Unique ID of the email to be forwarded"),
      recipient: text("Email address of the recipient"),
    }),
    async ({ email_id, recipient }, state) => {
      if (!email_id || !recipient) return "Email ID or recipient not provided.";
      if (!validRecipient(recipient)) return "Invalid recipient email address.";
      const email = await byId(state, email_id);
      if (!email) return "Email not found.";
      return passedOn(await send(state, recipient, `FW: ${email.subject ?? "nan"}`, String(email.body ?? "nan")), "Email forwarded successfully.");
    },
  ),

  email_reply_email: workplaceTool(
    args("Replies to an email by its ID.", {
      email_id: text("Unique ID of the email to be replied"),
      body: text("Body content of the email"),
    }),
    async ({ email_id, body }, state) => {
      if (!email_id || !body) return "Email ID or body not provided.";
      const email = await byId(state, email_id);
      if (!email) return "Email not found.";
      // Inbox or outbox alike, the reply goes to the other party of the thread.
      return passedOn(await send(state, String(email["sender/recipient"] ?? "nan"), `RE: ${email.subject ?? "nan"}`, body), "Email replied successfully.");
    },
  ),
};
