// Insurance tools: claims, adjuster notes, fraud flags, payouts, policies, messages.
import { send_message } from "./common.ts";
import { type Handler, dict, f, get, handler, has, lower, setdefault, shortId, values, within } from "./runtime.ts";
import { pythonEqual } from "../../../../shared/verifiers/json_equal.ts";

/** Stores a new record under a fresh id in table `table` and returns it. */
function created(env: Record<string, unknown>, table: string, idField: string, prefix: string, fields: Record<string, unknown>) {
  const id = `${prefix}-${shortId()}`;
  const record = { [idField]: id, ...fields };
  setdefault(env, table, {})[id] = record;
  return record;
}

export const INSURANCE: Record<string, Handler> = {
  add_adjuster_note: handler(["claim_id", "adjuster_id", "note_text"], (env, { claim_id, adjuster_id, note_text }) =>
    created(env, "adjuster_notes", "note_id", "AN", { claim_id, adjuster_id, note_text, timestamp: "created" }),
  ),
  get_adjuster_notes_for_claim: handler(["claim_id"], (env, { claim_id }) => values(get(env, "adjuster_notes", {})).filter((n) => pythonEqual(get(n, "claim_id"), claim_id))),
  create_claim: handler(
    ["policy_id", "claim_number", "date_of_loss", "description", "claim_type", "amount_requested", "adjuster_id"],
    (env, { policy_id, claim_number, date_of_loss, description, claim_type, amount_requested, adjuster_id }) =>
      created(env, "claims", "claim_id", "CL", { policy_id, claim_number, date_of_loss, description, claim_type, amount_requested, status: "open", adjuster_id }),
  ),
  get_claim_by_id: handler(["claim_id"], (env, { claim_id }) => {
    const claims = get(env, "claims", {});
    return has(claims, claim_id) ? claims[claim_id] : { error: `Claim ${f(claim_id)} not found.` };
  }),
  update_claim_description: handler(["claim_id", "description"], (env, { claim_id, description }) => {
    const claims = get(env, "claims", {});
    if (!has(claims, claim_id)) return `Error: Claim ${f(claim_id)} not found.`;
    claims[claim_id].description = description;
    return `Claim ${f(claim_id)} description updated.`;
  }),
  send_message,
  get_messages_for_claim: handler(["claim_id"], (env, { claim_id }) => {
    const messages = get(env, "messages", []);
    const list: unknown[] = Array.isArray(messages) ? messages : Object.values(dict(messages, "values"));
    return list.filter((m) => pythonEqual(get(m, "related_claim_id"), claim_id) || pythonEqual(get(m, "claim_id"), claim_id));
  }),
  flag_fraud_investigation: handler(["claim_id", "investigator_id", "flag_reason", "severity"], (env, { claim_id, investigator_id, flag_reason, severity }) =>
    created(env, "fraud_investigation_flags", "flag_id", "FF", { claim_id, investigator_id, flag_reason, severity, status: "open" }),
  ),
  process_payout: handler(["claim_id", "amount", "date", "method", "notes"], (env, { claim_id, amount, date, method, notes }) =>
    created(env, "payouts", "payout_id", "PO", { claim_id, amount, date, method, status: "processed", notes }),
  ),
  get_policy_by_id: handler(["policy_id"], (env, { policy_id }) => {
    const policies = get(env, "policies", {});
    return has(policies, policy_id) ? policies[policy_id] : { error: `Policy ${f(policy_id)} not found.` };
  }),
  search_policies_by_holder: handler(["policyholder_name"], (env, { policyholder_name }) => {
    const name = lower(policyholder_name);
    return values(get(env, "policies", {})).filter((p) => within(name, lower(get(p, "policyholder_name", ""))));
  }),
  update_policy_notes: handler(["policy_id", "notes"], (env, { policy_id, notes }) => {
    const policies = get(env, "policies", {});
    if (!has(policies, policy_id)) return `Error: Policy ${f(policy_id)} not found.`;
    policies[policy_id].notes = notes;
    return `Policy ${f(policy_id)} notes updated.`;
  }),
};
