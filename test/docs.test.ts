// The user's guide: README.md and docs/. The generated parts of docs/environments.md are what
// `npm run docs` writes from the code (the catalogue from every environment's declaration,
// reasoning_gym's families from FAMILIES), and every relative link resolves, anchors included.
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, test } from "vitest";
import type { Implementation } from "../scripts/plan/registry.ts";
import { IMPLEMENTATIONS, ROOT } from "../scripts/plan/registry.ts";
import { COMMAND, PAGE, catalogueTable, renderEnvironmentsPage, replaceBlock } from "../scripts/docs/environments.ts";
import { FAMILIES } from "../workers/resources/reasoning_gym/families/index.ts";

const read = (path: string) => readFileSync(join(ROOT, path), "utf8");
const PAGES = ["README.md", ...readdirSync(join(ROOT, "docs")).filter((name) => name.endsWith(".md")).map((name) => `docs/${name}`)];

describe("docs/environments.md", () => {
  test(`is what ${COMMAND} writes`, () => {
    const page = read(PAGE);
    // Not toEqual: a 600-line diff says less than the command that fixes it.
    expect(renderEnvironmentsPage(page) === page, `${PAGE} differs from what the code says: run ${COMMAND}`).toBe(true);
  });

  test("its catalogue names every environment folder (a Worker with index.ts) and nothing else", () => {
    const onDisk = readdirSync(join(ROOT, "workers/resources"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(ROOT, "workers/resources", entry.name, "index.ts")))
      .map((entry) => entry.name)
      .sort();
    expect(onDisk.length).toBeGreaterThan(0);
    const tabled = [...catalogueTable().matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]!).sort();
    expect(tabled).toEqual(onDisk);
  });

  test("its families table lists every reasoning_gym family once, with each of its deviations", () => {
    const page = read(PAGE);
    const rows = [...page.matchAll(/^\| `([a-z0-9_]+)` \| (\w+) \| [^|]+ \| (?:yes|no) \| [\d-]+ \|$/gm)].map((m) => m[1]!);
    expect(rows.sort()).toEqual([...FAMILIES.keys()].sort());
    for (const family of FAMILIES.values()) for (const deviation of family.deviations ?? []) expect(page, family.name).toContain(`- \`${family.name}\`: ${deviation}`);
  });

  test("an environment without a catalogue entry is named, with its declaration's path", () => {
    const bare = IMPLEMENTATIONS.find((i) => i.name === "mcqa")!;
    const stripped: Implementation = { ...bare, declaration: { ...bare.declaration, catalogue: undefined } as Implementation["declaration"] };
    expect(() => catalogueTable([stripped])).toThrow(/workers\/resources\/mcqa\/declaration\.ts has no catalogue/);
  });

  test("a `|` in a cell is escaped, so a code span cannot split the row", () => {
    const tetris = catalogueTable().split("\n").find((row) => row.startsWith("| `grl_tetris` |"))!;
    expect(tetris).toContain("Left\\|Right\\|Down\\|0-2");
    expect(tetris.split(/(?<!\\)\|/)).toHaveLength(6); // | name | verifies | reward | answer key |
  });

  test("a page without its markers is refused, naming them", () => {
    expect(() => replaceBlock("# no markers\n", "catalogue", "x")).toThrow(/has no "<!-- generated: catalogue/);
    const marked = `a\n<!-- generated: catalogue (${COMMAND} writes it from the code; edit there) -->\nold\n<!-- end generated: catalogue -->\nb\n`;
    expect(replaceBlock(marked, "catalogue", "new")).toBe(marked.replace("old", "new"));
  });
});

/** GitHub's anchor for a heading: lower case, punctuation but `-` and `_` dropped, spaces to hyphens; repeats get -1, -2. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  for (const line of outsideFences(markdown)) {
    const heading = /^#{1,6} (.+)$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const text = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/`/g, "");
    const slug = text.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "").replace(/ /g, "-");
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    found.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return found;
}

/** The lines outside fenced blocks. */
function outsideFences(markdown: string): string[] {
  let fenced = false;
  return markdown.split("\n").filter((line) => {
    if (line.startsWith("```")) fenced = !fenced;
    return !fenced && !line.startsWith("```");
  });
}

/** Every link target that is not a URL, `[text](target)`, outside code (a link there is text). */
function relativeLinks(markdown: string): string[] {
  return outsideFences(markdown)
    .flatMap((line) => [...line.replace(/(`+)[^`]*?\1/g, "").matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!))
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** The links of `text` (the page at `page`, relative to the root) whose file or heading does not exist. */
function brokenLinks(page: string, text: string): string[] {
  return relativeLinks(text).filter((target) => {
    const [path, anchor] = target.split("#") as [string, string | undefined];
    if (path === "") return !anchors(text).has(anchor ?? "");
    const file = join(ROOT, dirname(page), decodeURIComponent(path));
    if (!existsSync(file)) return true;
    if (anchor === undefined) return false;
    return !statSync(file).isFile() || !file.endsWith(".md") || !anchors(readFileSync(file, "utf8")).has(anchor);
  });
}

describe("links", () => {
  test("the guide is README.md and a docs/ index linking every page", () => {
    const index = read("docs/README.md");
    for (const page of PAGES.filter((p) => p.startsWith("docs/") && p !== "docs/README.md")) expect(index, page).toContain(`](${page.slice("docs/".length)})`);
  });

  test.each(PAGES)("every relative link in %s points at a file that exists, and every #anchor at a heading there", (page) => {
    expect(brokenLinks(page, read(page)), `links in ${page} (relative to ${dirname(page)})`).toEqual([]);
  });

  test("the checker finds a missing file, a missing heading and a missing anchor on the page itself", () => {
    const text = "# Here\n[a](cli.md) [b](nope.md) [c](cli.md#the-cli) [d](cli.md#nope) [e](#here) [f](#gone) [g](../README.md) `[h](nope.md)` [i](https://e.com/x)";
    expect(brokenLinks("docs/page.md", text)).toEqual(["nope.md", "cli.md#nope", "#gone"]);
  });

  test("anchors are GitHub's: code and punctuation dropped, a repeated heading numbered, fenced lines skipped", () => {
    expect([...anchors("# The CLI\n## `collect --resume`\n## Deploying, start to finish\n## Notes\n## Notes\n```\n# not a heading\n```")]).toEqual([
      "the-cli",
      "collect---resume",
      "deploying-start-to-finish",
      "notes",
      "notes-1",
    ]);
  });
});
