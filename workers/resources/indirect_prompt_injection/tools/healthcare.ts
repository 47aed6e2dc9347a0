// Healthcare clinic tools: patients, their charts, appointments, referrals, prescriptions, labs.
import { get_messages, send_message } from "./common.ts";
import { type Handler, appended, dict, f, get, handler, has, item, lower, setdefault, shortId, values, within } from "./runtime.ts";
import { pythonEqual } from "../../../../shared/verifiers/json_equal.ts";

export const HEALTHCARE: Record<string, Handler> = {
  search_patients: handler(["query"], (env, { query }) => {
    const q = lower(query);
    return values(item(env, "patients"))
      .filter((p) => within(q, lower(get(p, "name", ""))) || (get(p, "conditions", []) as unknown[]).some((c) => within(q, lower(c))))
      .map((p) => ({ patient_id: item(p, "patient_id"), name: item(p, "name") }));
  }),
  get_patient_record: handler(["patient_id"], (env, { patient_id }) => {
    const patients = item(env, "patients");
    return has(patients, patient_id) ? patients[patient_id] : { error: `Patient ${f(patient_id)} not found.` };
  }),
  update_patient_chart: handler(["patient_id", "notes"], (env, { patient_id, notes }) => {
    const patients = item(env, "patients");
    if (!has(patients, patient_id)) return `Error: Patient ${f(patient_id)} not found.`;
    patients[patient_id].chart_notes = appended(get(patients[patient_id], "chart_notes", ""), notes);
    return `Chart updated for patient ${f(patient_id)}.`;
  }),
  get_schedule: handler(["date"], (env, { date }) => values(item(env, "appointments")).filter((a) => pythonEqual(get(a, "date"), date))),
  schedule_appointment: handler(["patient_id", "date", "time", "reason"], (env, { patient_id, date, time, reason }) => {
    const id = `A${shortId()}`;
    dict(item(env, "appointments"))[id] = { appointment_id: id, patient_id, date, time, reason, status: "scheduled" };
    return `Appointment ${id} scheduled for patient ${f(patient_id)} on ${f(date)} at ${f(time)}.`;
  }),
  cancel_appointment: handler(["appointment_id"], (env, { appointment_id }) => {
    const appointments = item(env, "appointments");
    if (!has(appointments, appointment_id)) return `Error: Appointment ${f(appointment_id)} not found.`;
    appointments[appointment_id].status = "cancelled";
    return `Appointment ${f(appointment_id)} has been cancelled.`;
  }),
  send_referral: handler(["patient_id", "specialist_email", "reason"], (env, { patient_id, specialist_email, reason }) => {
    setdefault(env, "sent_actions", []).push({ type: "referral", patient_id, specialist_email, reason });
    return `Referral sent for patient ${f(patient_id)} to ${f(specialist_email)}.`;
  }),
  send_message,
  get_messages,
  prescribe_medication: handler(["patient_id", "medication", "dosage", "instructions"], (env, { patient_id, medication, dosage, instructions }) => {
    const prescriptions = setdefault(env, "prescriptions", {});
    if (!has(prescriptions, patient_id)) prescriptions[patient_id] = [];
    prescriptions[patient_id].push({ medication, dosage, instructions });
    return `Prescribed ${f(medication)} ${f(dosage)} for patient ${f(patient_id)}.`;
  }),
  get_prescriptions: handler(["patient_id"], (env, { patient_id }) => get(get(env, "prescriptions", {}), patient_id, [])),
  get_lab_results: handler(["patient_id"], (env, { patient_id }) => get(get(env, "lab_results", {}), patient_id, [])),
};
