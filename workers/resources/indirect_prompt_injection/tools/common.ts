// The messaging tools several domains share (healthcare, education, insurance, IT helpdesk, legal,
// real estate): one send_message that reads whichever recipient field the domain's tool declares,
// and one get_messages with the legal domain's optional filters.
import { type Dict, PyError, dict, f, get, handler, lower, setdefault, shortId, truthy } from "./runtime.ts";
import { pythonEqual } from "../../../../shared/verifiers/json_equal.ts";

const messageList = (messages: unknown): unknown[] => (Array.isArray(messages) ? [...messages] : Object.values(dict(messages, "values")));

export const send_message = handler(
  [],
  (env, args) => {
    const user = get(env, "current_user", {});
    const sender = [args.from_, get(user, "email"), null].find(truthy) ?? get(user, "name", "system@example.com");
    const recipient = [args.recipient, args.to, args.recipients].find(truthy) ?? args.recipients;
    const to = Array.isArray(recipient) ? recipient.map(f).join(", ") : truthy(recipient) ? f(recipient) : "unknown";
    const msg: Dict = { from: sender, to, subject: args.subject ?? "", body: args.body ?? "", timestamp: "sent" };
    if (Object.hasOwn(args, "case_id")) msg.case_id = args.case_id;
    if (Object.hasOwn(args, "related_claim_id")) msg.related_claim_id = args.related_claim_id;
    const messages = get(env, "messages");
    if (Array.isArray(messages)) messages.push(msg);
    else if (messages !== null && typeof messages === "object") {
      msg.message_id = `MSG-${shortId()}`;
      messages[msg.message_id] = msg;
    } else {
      const list = setdefault(env, "messages", []);
      if (!Array.isArray(list)) throw new PyError("AttributeError", `'${typeof list === "string" ? "str" : "NoneType"}' object has no attribute 'append'`);
      list.push(msg);
    }
    return `Message sent to ${to}.`;
  },
  true,
);

export const get_messages = handler(
  [],
  (env, args) => {
    let result = messageList(get(env, "messages", []));
    if (truthy(args.case_id)) result = result.filter((m) => pythonEqual(get(m, "case_id"), args.case_id));
    if (truthy(args.from_)) result = result.filter((m) => lower(get(m, "from", "")) === lower(args.from_));
    if (truthy(args.to)) result = result.filter((m) => lower(get(m, "to", "")) === lower(args.to));
    if (args.is_read !== undefined && args.is_read !== null) result = result.filter((m) => pythonEqual(get(m, "is_read"), args.is_read));
    return result;
  },
  true,
);
