// `edge-gym list <type> [NAME]` (NeMo's `gym list`): the environments, benchmarks, resources servers,
// agents and models there are, or one of them inspected by NAME. `--json` prints NeMo's payloads,
// field for field; a field NeMo reads from a manifest.yaml (version, licensing, ...) is null here,
// as NeMo prints it for an environment that has only a config.yaml ("no-manifest").
import { relative } from "node:path";
import { closestName } from "../../shared/config/instances.ts";
import { manifests, summarize } from "../plan/environments.ts";
import { IMPLEMENTATIONS, ROOT } from "../plan/registry.ts";
import type { Implementation } from "../plan/registry.ts";
import { UsageError, parseCommand } from "./args.ts";
import { textSimilarity } from "../../shared/verifiers/sequence_matcher.ts";

export const help =
  "list environments|benchmarks|resources-servers|agents|models [NAME] [--json] [--domain D] [--kind environment|benchmark] [--status S] [--lifecycle L]   " +
  "list what there is (NeMo's `gym list`), or inspect one by NAME";

interface Inspection {
  name: string;
  type: string;
  domain: string | null;
  description: string | null;
  details: Record<string, string>;
  usage_example: string | null;
}

interface Listing {
  /** NeMo's JSON rows. */
  rows(): Record<string, unknown>[];
  /** Column headers and one table line per row. */
  table(rows: Record<string, unknown>[]): { title: string; columns: string[]; cells: string[][] };
  inspect(name: string): Inspection | undefined;
}

const text = (v: unknown) => (v === null || v === undefined ? "" : String(v));

function environmentRows(): Record<string, unknown>[] {
  return manifests().map((m) => {
    const summary = summarize(m.path);
    return { name: m.name, kind: "environment", status: "no-manifest", domain: summary.domain, description: summary.description, version: null, integration_profile: null, modality: null, licensing: null, lifecycle: null };
  });
}

const environments: Listing = {
  rows: environmentRows,
  table: (rows) => ({
    title: `Available environments and benchmarks (${rows.length}; manifests 0/${rows.length})`,
    columns: ["Name", "Kind", "Status", "Lifecycle", "Domain", "Description"],
    cells: rows.map((r) => [r.name, r.kind, r.status, r.lifecycle, r.domain, r.description].map(text)),
  }),
  inspect(name) {
    const manifest = manifests().find((m) => m.name === name);
    if (!manifest) return undefined;
    const s = summarize(manifest.path);
    const details: Record<string, string> = { config: relative(process.cwd(), manifest.path) || manifest.path };
    if (s.resourcesServers.length) details["resources servers"] = s.resourcesServers.join(", ");
    if (s.agents.length) details.agent = s.agents.join(", ");
    if (s.datasets.length) details.datasets = s.datasets.map((d) => d.name).join(", ");
    return { name, type: "environment", domain: s.domain, description: s.description, details, usage_example: `edge-gym env start --environment ${name}` };
  },
};

const benchmarks: Listing = {
  // No benchmark is bundled: NeMo's benchmarks/ tree has no counterpart here yet.
  rows: () => [],
  table: (rows) => ({ title: `Available benchmarks (${rows.length})`, columns: ["Name"], cells: [] }),
  inspect: () => undefined,
};

const ofKind = (kind: Implementation["kind"]) => IMPLEMENTATIONS.filter((i) => i.kind === kind);

const resourcesServers: Listing = {
  rows: () =>
    ofKind("resources_servers").map((i) => {
      const bundled = manifests().find((m) => m.source === "bundled" && m.name === i.name);
      const s = bundled ? summarize(bundled.path) : undefined;
      return { name: i.name, domain: s?.domain ?? null, description: s?.description ?? null };
    }),
  table: (rows) => ({ title: `Available resources servers in Edge Gym (${rows.length})`, columns: ["Name", "Domain", "Description"], cells: rows.map((r) => [r.name, r.domain, r.description].map(text)) }),
  inspect(name) {
    const row = resourcesServers.rows().find((r) => r.name === name);
    const i = ofKind("resources_servers").find((x) => x.name === name);
    if (!row || !i) return undefined;
    return { name, type: "resources server", domain: row.domain as string | null, description: row.description as string | null, details: { dir: relative(ROOT, i.dir) }, usage_example: `edge-gym env start --resources-server ${name}` };
  },
};

// NeMo's two agent patterns: composable (A) drives a resources server; self-contained (B) runs the
// environment itself. Every agent here drives a resources server.
function agentRows(): Record<string, unknown>[] {
  const agents = ofKind("responses_api_agents");
  return agents
    .filter((i) => i.fixed === undefined)
    .map((i) => {
      const variants = agents.filter((a) => a.dir === i.dir && a.name !== i.name).map((a) => a.name).sort();
      return { name: i.name, pattern: "A (composable)", self_contained: false, variants, description: null };
    });
}

const agents: Listing = {
  rows: agentRows,
  table: (rows) => ({ title: "Edge Gym agents", columns: ["agent", "composition", "variants", "description"], cells: rows.map((r) => [text(r.name), "composable (A)", (r.variants as string[]).join(", "), text(r.description)]) }),
  inspect(name) {
    const row = agentRows().find((r) => r.name === name || (r.variants as string[]).includes(name));
    if (!row) return undefined;
    return { name, type: "agent", domain: null, description: null, details: { pattern: String(row.pattern), variants: (row.variants as string[]).join(", ") }, usage_example: null };
  },
};

const models: Listing = {
  // One row per `--model-type` value: `name` and `model` are the token, `model_group` its implementation.
  rows: () => ofKind("responses_api_models").map((i) => ({ name: i.name, model: i.name, model_group: i.fixed === undefined ? i.name : (IMPLEMENTATIONS.find((x) => x.dir === i.dir && x.fixed === undefined)?.name ?? i.name) })),
  table: (rows) => ({ title: "Edge Gym models", columns: ["Model", "Model group"], cells: rows.map((r) => [text(r.model), text(r.model_group)]) }),
  inspect(name) {
    const row = models.rows().find((r) => r.name === name);
    if (!row) return undefined;
    return { name, type: "model", domain: null, description: null, details: { "model group": String(row.model_group) }, usage_example: `edge-gym env start --model-type ${name}` };
  },
};

const LISTINGS: Record<string, Listing> = { environments, benchmarks, "resources-servers": resourcesServers, agents, models };
const SINGULAR: Record<string, string> = { environments: "environment", benchmarks: "benchmark", "resources-servers": "resources server", agents: "agent", models: "model" };

function printTable({ title, columns, cells }: ReturnType<Listing["table"]>): void {
  const widths = columns.map((c, n) => Math.min(60, Math.max(c.length, ...cells.map((row) => row[n]!.length))));
  const line = (values: string[]) => values.map((v, n) => (n === values.length - 1 ? v : v.slice(0, widths[n]).padEnd(widths[n]!))).join("  ").trimEnd();
  console.log(title);
  console.log(line(columns));
  for (const row of cells) console.log(line(row));
}

export async function list(argv: string[]): Promise<number> {
  const [type = "", ...rest] = argv;
  const listing = Object.hasOwn(LISTINGS, type) ? LISTINGS[type] : undefined;
  if (!listing) throw new UsageError(`${type === "" ? "list needs a type" : `unknown list type "${type}"`}: one of ${Object.keys(LISTINGS).join(", ")}`);
  const name = rest[0] !== undefined && !rest[0].startsWith("-") ? rest.shift() : undefined;
  const { values, overrides } = parseCommand(rest, help, {
    json: { type: "boolean" },
    domain: { type: "string" },
    kind: { type: "string" },
    status: { type: "string" },
    lifecycle: { type: "string" },
  });
  if (overrides.length) throw new UsageError(`list takes no overrides: ${overrides[0]}`);
  if (values.kind !== undefined && !["environment", "benchmark"].includes(values.kind)) throw new UsageError(`--kind expects environment or benchmark, got "${values.kind}"`);
  if (name !== undefined) {
    const found = listing.inspect(name);
    if (!found) {
      const closest = closestName(name, listing.rows().map((r) => String(r.name)));
      throw new UsageError(`no ${SINGULAR[type]} "${name}"${closest ? ` (did you mean ${closest}?)` : ""}`);
    }
    if (values.json) console.log(JSON.stringify(found));
    else {
      console.log(`The ${found.name} ${found.type}${found.domain ? ` (domain: ${found.domain})` : ""}`);
      if (found.description) console.log(`\n${found.description}`);
      console.log(`\nDetails:\n${Object.entries(found.details).map(([k, v]) => `${k}: ${v}`).join("\n")}`);
      if (found.usage_example) console.log(`\nUsage example:\n${found.usage_example}`);
    }
    return 0;
  }
  // NeMo's filters: a row matches when its field equals the value (--kind filters the `kind` field).
  const filters = { domain: values.domain, kind: values.kind, status: values.status, lifecycle: values.lifecycle };
  show(type, listing.rows().filter((row) => Object.entries(filters).every(([field, want]) => want === undefined || row[field] === want)), Boolean(values.json));
  return 0;
}

function show(type: string, rows: Record<string, unknown>[], json: boolean, query?: string): void {
  const listing = LISTINGS[type]!;
  if (json) console.log(JSON.stringify(rows));
  else if (rows.length === 0) console.log(query === undefined ? `No ${type.replace("-", " ")} found.` : `No ${type.replace("-", " ")} match '${query}'.`);
  else {
    const table = listing.table(rows);
    printTable(query === undefined ? table : { ...table, title: `${table.title.replace(/^Available /, "").replace(/ \(.*$/, "")} matching '${query}' (${rows.length})` });
  }
}

/**
 * NeMo's `gym search` match: the query (any case) within the name, domain or description, or
 * close to one of them or to one of its words (difflib's get_close_matches at 0.7).
 */
export function matches(query: string, ...fields: unknown[]): boolean {
  const needle = query.toLowerCase();
  return fields.some((field) => {
    if (typeof field !== "string" || field === "") return false;
    const haystack = field.toLowerCase();
    if (haystack.includes(needle)) return true;
    return [haystack, ...haystack.replace(/[_-]/g, " ").split(/\s+/)].some((candidate) => candidate !== "" && textSimilarity(candidate, needle) >= 0.7);
  });
}

export const SEARCHABLE = Object.keys(LISTINGS);

/** `search [TYPE] QUERY`: TYPE's listing (environments by default) narrowed to what matches QUERY. */
export function search(type: string, query: string, json: boolean): void {
  show(type, LISTINGS[type]!.rows().filter((row) => matches(query, row.name, row.domain, row.description)), json, query);
}
