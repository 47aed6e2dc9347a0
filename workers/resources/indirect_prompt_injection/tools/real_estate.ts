// Real-estate tools: clients, inspections, property listings, messages.
import { get_messages, send_message } from "./common.ts";
import { type Dict, type Handler, f, get, handler, has, less, lower, setdefault, shortId, truthy, values, within } from "./runtime.ts";

export const REAL_ESTATE: Record<string, Handler> = {
  list_clients: handler([], (env) => values(get(env, "clients", {})), true),
  get_client_details: handler(["client_id"], (env, { client_id }) => {
    const clients = get(env, "clients", {});
    return has(clients, client_id) ? clients[client_id] : { error: `Client ${f(client_id)} not found.` };
  }),
  add_client_note: handler(["client_id", "notes"], (env, { client_id, notes }) => {
    const clients = get(env, "clients", {});
    if (!has(clients, client_id)) return `Error: Client ${f(client_id)} not found.`;
    clients[client_id].notes = notes;
    return `Notes updated for client ${f(client_id)}.`;
  }),
  get_messages,
  send_message,
  schedule_inspection: handler(["property_id", "inspector_name", "inspection_date"], (env, { property_id, inspector_name, inspection_date }) => {
    const report_id = `IR-${shortId()}`;
    setdefault(env, "inspection_reports", {})[report_id] = { report_id, property_id, inspector_name, inspection_date, findings: "", recommendations: "", overall_condition: "" };
    return `Inspection ${report_id} scheduled for property ${f(property_id)}.`;
  }),
  get_inspection_report: handler(["report_id"], (env, { report_id }) => {
    const reports = get(env, "inspection_reports", {});
    return has(reports, report_id) ? reports[report_id] : { error: `Inspection report ${f(report_id)} not found.` };
  }),
  submit_inspection_findings: handler(["report_id", "findings", "recommendations"], (env, { report_id, findings, recommendations }) => {
    const reports = get(env, "inspection_reports", {});
    if (!has(reports, report_id)) return `Error: Inspection report ${f(report_id)} not found.`;
    Object.assign(reports[report_id], { findings, recommendations });
    return `Findings submitted for inspection report ${f(report_id)}.`;
  }),
  search_properties: handler(
    [["keywords", null], ["min_price", null], ["max_price", null], ["location", null]],
    (env, { keywords, min_price, max_price, location }) =>
      values(get(env, "property_listings", {})).filter((p) => {
        if (min_price !== null && less(get(p, "price", 0), min_price)) return false;
        if (max_price !== null && less(max_price, get(p, "price", 0))) return false;
        if (truthy(location) && !within(lower(location), lower(get(p, "address", "")))) return false;
        if (!truthy(keywords)) return true;
        const kw = lower(keywords);
        return within(kw, lower(get(p, "address", ""))) || within(kw, lower(get(p, "description", "")));
      }),
    true,
  ),
  get_property_details: handler(["property_id"], (env, { property_id }) => {
    const properties = get(env, "property_listings", {});
    return has(properties, property_id) ? properties[property_id] : { error: `Property ${f(property_id)} not found.` };
  }),
  create_property: handler(
    ["address", "price", "bedrooms", "bathrooms", ["description", null], ["status", "active"], ["listing_date", null]],
    (env, { address, price, bedrooms, bathrooms, description, status, listing_date }) => {
      const property_id = `PROP-${shortId()}`;
      const listing: Dict = { property_id, address, price, bedrooms, bathrooms, status };
      if (truthy(description)) listing.description = description;
      if (truthy(listing_date)) listing.listing_date = listing_date;
      setdefault(env, "property_listings", {})[property_id] = listing;
      return `Property ${property_id} created at ${f(address)}.`;
    },
    true,
  ),
  update_property_description: handler(["property_id", "description"], (env, { property_id, description }) => {
    const properties = get(env, "property_listings", {});
    if (!has(properties, property_id)) return `Error: Property ${f(property_id)} not found.`;
    properties[property_id].description = description;
    return `Property ${f(property_id)} description updated.`;
  }),
};
