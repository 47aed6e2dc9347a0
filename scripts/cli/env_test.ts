// `edge-gym env test NAME` (NeMo's `gym env test`): run one environment's tests, those of its
// resources server (test/workers/resources/NAME.test.ts, NAME.*.test.ts, NAME_<part>.test.ts and
// the folder NAME/) and of its emulator skill, through vitest, whose exit code it returns.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { closestName } from "../../shared/config/instances.ts";
import { ROOT, implementations } from "../plan/registry.ts";
import { UsageError } from "./args.ts";

const RESOURCE_TESTS = "test/workers/resources";
const SKILL_TESTS = "test/gpu_gateway/emulator/skills";

/** The resources server a test file or folder under test/workers/resources belongs to: the longest name it starts with. */
function ownerOf(entry: string, names: readonly string[]): string | undefined {
  const stem = entry.replace(/(\.node)?\.test\.ts$/, "");
  return names.filter((n) => stem === n || stem.startsWith(`${n}_`) || stem.startsWith(`${n}.`)).sort((a, b) => b.length - a.length)[0];
}

/** NAME's test files and folders, relative to `root`. */
export function environmentTests(name: string, root = ROOT, names: readonly string[] = implementations("resources_servers")): string[] {
  if (!names.includes(name)) {
    const closest = closestName(name, names);
    throw new UsageError(`no bundled environment "${name}"${closest ? ` (did you mean ${closest}?)` : ""}; edge-gym list environments lists them`);
  }
  const dir = join(root, RESOURCE_TESTS);
  const own = (existsSync(dir) ? readdirSync(dir) : [])
    .filter((entry) => (entry.endsWith(".test.ts") || statSync(join(dir, entry)).isDirectory()) && ownerOf(entry, names) === name)
    .map((entry) => `${RESOURCE_TESTS}/${entry}`);
  const skill = `${SKILL_TESTS}/${name}.test.ts`;
  return [...own, ...(existsSync(join(root, skill)) ? [skill] : [])].sort();
}

/** Runs vitest over the files, its output on this terminal; resolves to its exit code. */
export function runTests(files: string[], root = ROOT): Promise<number> {
  const vitest = join(root, "node_modules/vitest/vitest.mjs");
  console.log(`Testing ${files.length} path(s): ${files.join(", ")}`);
  const child = spawn(process.execPath, [vitest, "run", ...files], { cwd: root, stdio: "inherit" });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => resolve(code ?? 1));
  });
}
