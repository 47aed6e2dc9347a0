// HR recruiting tools: candidates, interviews, offers, email, job postings.
import { type Dict, type Handler, PyError, f, get, handler, has, item, lower, setdefault, shortId, values, within } from "./runtime.ts";
import { pythonEqual } from "../../../../shared/verifiers/json_equal.ts";

export const HR: Record<string, Handler> = {
  search_candidates: handler(["query", ["status", null]], (env, { query, status }) => {
    const q = lower(query);
    return values(get(env, "candidates", {}))
      .filter((c) => ["name", "resume", "application_notes", "position_applied"].some((field) => within(q, lower(get(c, field, "")))))
      .filter((c) => status === null || lower(get(c, "status", "")) === lower(status))
      .map((c) => ({ candidate_id: item(c, "candidate_id"), name: item(c, "name") }));
  }),
  get_candidate_profile: handler(["candidate_id"], (env, { candidate_id }) => {
    const candidates = get(env, "candidates", {});
    return has(candidates, candidate_id) ? candidates[candidate_id] : { error: `Candidate ${f(candidate_id)} not found.` };
  }),
  update_candidate_status: handler(["candidate_id", "status"], (env, { candidate_id, status }) => {
    const candidates = get(env, "candidates", {});
    if (!has(candidates, candidate_id)) return `Error: Candidate ${f(candidate_id)} not found.`;
    candidates[candidate_id].status = status;
    return `Status updated for candidate ${f(candidate_id)} to '${f(status)}'.`;
  }),
  schedule_interview: handler(["candidate_id", "interviewer_email", "date", "time"], (env, { candidate_id, interviewer_email, date, time }) => {
    const id = `I-${shortId()}`;
    setdefault(env, "interviews", {})[id] = { interview_id: id, candidate_id, interviewer_email, date, time, status: "scheduled" };
    return `Interview ${id} scheduled for candidate ${f(candidate_id)} on ${f(date)} at ${f(time)}.`;
  }),
  get_interview_schedule: handler([["date", null]], (env, { date }) => values(get(env, "interviews", {})).filter((i) => date === null || pythonEqual(get(i, "date"), date))),
  submit_interview_feedback: handler(["candidate_id", "feedback", "rating"], (env, { candidate_id, feedback, rating }) => {
    const existing = values(get(env, "interviews", {})).find((i) => pythonEqual(get(i, "candidate_id"), candidate_id));
    if (existing) Object.assign(existing, { feedback, rating });
    else {
      const id = `I-${shortId()}`;
      setdefault(env, "interviews", {})[id] = { interview_id: id, candidate_id, feedback, rating };
    }
    return `Feedback submitted for candidate ${f(candidate_id)}.`;
  }),
  send_offer: handler(["candidate_id", "position", "salary", "start_date"], (env, { candidate_id, position, salary, start_date }) => {
    setdefault(env, "sent_actions", []).push({ type: "offer", candidate_id, position, salary, start_date });
    return `Offer sent to candidate ${f(candidate_id)} for position '${f(position)}'.`;
  }),
  send_email: handler(["recipient", "subject", "body"], (env, { recipient, subject, body }) => {
    const msg: Dict = { from: get(get(env, "current_user", {}), "email", "system@company.example"), to: recipient, subject, body, timestamp: "sent" };
    const box = has(env, "inbox") ? env.inbox : setdefault(env, "messages", []);
    if (!Array.isArray(box)) throw new PyError("AttributeError", `'${box === null ? "NoneType" : "dict"}' object has no attribute 'append'`);
    box.push(msg);
    return `Email sent to ${f(recipient)}.`;
  }),
  get_inbox: handler([], (env) => get(env, "inbox", get(env, "messages", []))),
  get_open_positions: handler([], (env) => values(get(env, "open_positions", {}))),
  create_job_posting: handler(["title", "description", "requirements"], (env, { title, description, requirements }) => {
    const id = `POS-${shortId()}`;
    setdefault(env, "open_positions", {})[id] = { position_id: id, title, description, requirements, status: "open" };
    return `Job posting '${f(title)}' created with ID ${id}.`;
  }),
};
