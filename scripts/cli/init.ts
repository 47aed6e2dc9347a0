// `edge-gym init resources <name>`: scaffold a new resources server. A bad or taken name is a
// usage error (one line, exit 2).
import { parseArgs } from "node:util";
import { resolve } from "node:path";
import { ScaffoldError, scaffoldResources } from "../init/scaffold.ts";
import { ROOT } from "../plan/registry.ts";
import { UsageError } from "./args.ts";

export const help = "init resources NAME [--root DIR]   scaffold a resources server (Worker, declaration, config.yaml, 5-row dataset, workerd test, emulator skill)";

function parse(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: { root: { type: "string" } }, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

export async function init(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv);
  const [kind, name, ...extra] = positionals;
  if (kind !== "resources") throw new UsageError(`init scaffolds "resources" servers: edge-gym init resources NAME`);
  if (name === undefined) throw new UsageError("init resources needs a NAME (snake_case)");
  if (extra.length) throw new UsageError(`unexpected argument "${extra[0]}"`);
  const root = values.root === undefined ? ROOT : resolve(values.root);
  let written: string[];
  try {
    written = scaffoldResources(root, name);
  } catch (err) {
    throw err instanceof ScaffoldError ? new UsageError(err.message) : err;
  }
  for (const path of written) console.log(`created ${path}`);
  console.log(`say what it verifies in the catalogue of workers/resources/${name}/declaration.ts, then npm run docs lists it in docs/environments.md`);
  console.log(`next: npx vitest run test/workers/resources/${name}.test.ts, then npx edge-gym start and`);
  console.log(`      npx edge-gym collect --agent ${name}_simple_agent --input workers/resources/${name}/data/example.jsonl --output results/${name}.jsonl`);
  return 0;
}
