// `edge-gym search [TYPE] QUERY` (NeMo's `gym search`): a listing narrowed to the entries whose
// name, domain or description match the query (list.ts); environments unless TYPE says otherwise.
import { parseArgs } from "node:util";
import { UsageError } from "./args.ts";
import { SEARCHABLE, search as searchListing } from "./list.ts";

export const help = `search [${SEARCHABLE.join("|")}] QUERY [--json]   find components by name, domain or description (NeMo's \`gym search\`)`;
const usage = `usage: edge-gym ${help.replace(/\s{2,}.*$/, "")}`;

export async function search(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { json: { type: "boolean" } }, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError(`${(err as Error).message.split("\n")[0]}; ${usage}`);
  }
  const { positionals } = parsed;
  if (positionals.length === 0 || positionals.length > 2) throw new UsageError(`search takes a query, and a type before it; ${usage}`);
  const [type, query] = positionals.length === 2 ? positionals : ["environments", positionals[0]!];
  if (!SEARCHABLE.includes(type!)) throw new UsageError(`unknown search type "${type}": one of ${SEARCHABLE.join(", ")}`);
  searchListing(type!, query!, Boolean(parsed.values.json));
  return 0;
}
