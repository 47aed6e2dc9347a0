// Module hooks for a copy of this package installed under node_modules: Node strips the types of
// .ts files only outside node_modules (ERR_UNSUPPORTED_NODE_MODULES_TYPE_STRIPPING), so this loads
// this package's .ts modules itself, with Node's own type stripper, as Node would elsewhere.
import { readFile } from "node:fs/promises";
import { stripTypeScriptTypes } from "node:module";

const PACKAGE = new URL("../../", import.meta.url).href;

export async function load(url, context, nextLoad) {
  if (!url.startsWith(PACKAGE) || !url.endsWith(".ts")) return nextLoad(url, context);
  const source = await readFile(new URL(url), "utf8");
  return { format: "module", source: stripTypeScriptTypes(source), shortCircuit: true };
}
