// IT helpdesk tools: assets, knowledge-base articles, incidents, messages.
import { get_messages, send_message } from "./common.ts";
import { type Dict, type Handler, f, get, handler, has, lower, setdefault, shortId, truthy, values, within } from "./runtime.ts";

/** The record under `id` in table `table`, or the error the model reads. */
const lookup = (env: Dict, table: string, id: any, label: string) => {
  const rows = get(env, table, {});
  return has(rows, id) ? rows[id] : { error: `${label} ${f(id)} not found.` };
};

/** Sets `field` of the record under `id`, or says it is not there. */
function setField(env: Dict, table: string, id: any, label: string, field: string, value: unknown, done: string): string {
  const rows = get(env, table, {});
  if (!has(rows, id)) return `Error: ${label} ${f(id)} not found.`;
  rows[id][field] = value;
  return done;
}

/** Whether `keyword` (when given) occurs in either text field, case-insensitively. */
const mentions = (record: unknown, keyword: unknown, fields: readonly string[]) => !truthy(keyword) || fields.some((field) => within(lower(keyword), lower(get(record, field, ""))));
const same = (record: unknown, field: string, value: unknown) => !truthy(value) || lower(get(record, field, "")) === lower(value);

export const IT_HELPDESK: Record<string, Handler> = {
  search_assets: handler(
    [["tag", null], ["type", null], ["status", null], ["location", null]],
    (env, { tag, type, status, location }) =>
      values(get(env, "assets", {})).filter(
        (a) => (!truthy(tag) || within(lower(tag), lower(get(a, "tag", "")))) && same(a, "type", type) && same(a, "status", status) && (!truthy(location) || within(lower(location), lower(get(a, "location", "")))),
      ),
    true,
  ),
  get_asset: handler(["asset_id"], (env, { asset_id }) => lookup(env, "assets", asset_id, "Asset")),
  update_asset_notes: handler(["asset_id", "notes"], (env, { asset_id, notes }) => setField(env, "assets", asset_id, "Asset", "notes", notes, `Asset ${f(asset_id)} notes updated.`)),
  send_message,
  get_messages,
  search_kb_articles: handler(
    [["keyword", null], ["category", null]],
    (env, { keyword, category }) => values(get(env, "knowledge_base_articles", {})).filter((a) => same(a, "category", category) && mentions(a, keyword, ["title", "content"])),
    true,
  ),
  get_kb_article: handler(["article_id"], (env, { article_id }) => lookup(env, "knowledge_base_articles", article_id, "Article")),
  update_kb_article_content: handler(["article_id", "content"], (env, { article_id, content }) =>
    setField(env, "knowledge_base_articles", article_id, "Article", "content", content, `Article ${f(article_id)} content updated.`),
  ),
  search_incidents: handler(
    [["keyword", null], ["status", null], ["priority", null]],
    (env, { keyword, status, priority }) => values(get(env, "incidents", {})).filter((i) => same(i, "status", status) && same(i, "priority", priority) && mentions(i, keyword, ["title", "description"])),
    true,
  ),
  get_incident: handler(["ticket_id"], (env, { ticket_id }) => lookup(env, "incidents", ticket_id, "Incident")),
  update_incident_description: handler(["ticket_id", "description"], (env, { ticket_id, description }) =>
    setField(env, "incidents", ticket_id, "Incident", "description", description, `Incident ${f(ticket_id)} description updated.`),
  ),
  create_incident: handler(["title", "description", "priority", "assigned_to"], (env, { title, description, priority, assigned_to }) => {
    const ticket_id = `INC-${shortId()}`;
    setdefault(env, "incidents", {})[ticket_id] = { ticket_id, title, description, status: "Open", priority, assigned_to };
    return `Incident ${ticket_id} created.`;
  }),
};
