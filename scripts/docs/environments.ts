// `npm run docs`: writes the generated parts of docs/environments.md from the code, so the pages
// cannot drift from it: the environment catalogue from each resources server's declaration
// (`catalogue`), and reasoning_gym's families table and deviations from FAMILIES. Each part sits
// between marker comments; the prose around them is written by hand. test/docs.test.ts fails when
// the page differs from what this writes.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ResourcesDeclaration } from "../../shared/declaration.ts";
import { IMPLEMENTATIONS, ROOT, type Implementation } from "../plan/registry.ts";
import { levelCount } from "../../workers/resources/reasoning_gym/curriculum.ts";
import { FAMILIES } from "../../workers/resources/reasoning_gym/families/index.ts";

export const PAGE = "docs/environments.md";
export const COMMAND = "npm run docs";

const SCORER = { default: "library's base scorer", own: "own rule", validity: "any valid solution" } as const;

/** A table cell: GFM splits a row at every `|`, even inside a code span, unless escaped. */
const cell = (text: string) => text.replace(/\|/g, "\\|");

/** The catalogue: one row per bundled environment (its folder, not its aliases), by name. */
export function catalogueTable(implementations: readonly Implementation[] = IMPLEMENTATIONS): string {
  const servers = implementations.filter((i) => i.kind === "resources_servers" && i.fixed === undefined);
  const rows = servers.map((server) => {
    const catalogue = (server.declaration as ResourcesDeclaration).catalogue;
    if (catalogue === undefined) throw new Error(`${join(server.dir, "declaration.ts")} has no catalogue: say what it verifies, its reward and its answer key`);
    return `| \`${server.name}\` | ${cell(catalogue.verifies)} | ${cell(catalogue.reward)} | ${cell(catalogue.answerKey)} |`;
  });
  return ["| environment | verifies | reward | answer key (majority@k) |", "|---|---|---|---|", ...rows].join("\n");
}

/** reasoning_gym's families by category then name, then every deliberate deviation from the library. */
export function familiesTable(): string {
  const families = [...FAMILIES.values()].sort((a, b) => a.category.localeCompare(b.category) || a.name.localeCompare(b.name));
  const rows = families.map((f) => `| \`${f.name}\` | ${f.category} | ${SCORER[f.scorer]} | ${f.generate ? "yes" : "no"} | ${levelCount(f.name) || "-"} |`);
  const deviations = families.flatMap((f) => (f.deviations ?? []).map((d) => `- \`${f.name}\`: ${d}`));
  return [
    "| family | category | scorer | generates | levels |",
    "|---|---|---|---|---|",
    ...rows,
    "",
    "Where ours differs from the library on purpose (each family says so in its `deviations`):",
    "",
    ...deviations,
  ].join("\n");
}

/** `text` with the part between `<!-- generated: NAME -->` and `<!-- end generated: NAME -->` replaced. */
export function replaceBlock(text: string, name: string, content: string): string {
  const open = `<!-- generated: ${name} (${COMMAND} writes it from the code; edit there) -->`;
  const close = `<!-- end generated: ${name} -->`;
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  if (start === -1 || end < start) throw new Error(`${PAGE} has no "${open}" ... "${close}" block`);
  return `${text.slice(0, start + open.length)}\n${content}\n${text.slice(end)}`;
}

/** The page as the generator writes it, from the page as it is. */
export function renderEnvironmentsPage(text: string, implementations: readonly Implementation[] = IMPLEMENTATIONS): string {
  return replaceBlock(replaceBlock(text, "catalogue", catalogueTable(implementations)), "reasoning_gym families", familiesTable());
}

if (import.meta.main) {
  const path = join(ROOT, PAGE);
  const before = readFileSync(path, "utf8");
  const after = renderEnvironmentsPage(before);
  if (after === before) console.log(`${PAGE} is up to date`);
  else {
    writeFileSync(path, after);
    console.log(`wrote ${PAGE}`);
  }
}
