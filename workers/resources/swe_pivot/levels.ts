// The layered comparison of a rollout's tool call with the demonstrated one, NeMo Gym's swe_pivot
// rules: level 0 the tool (same name, or the same family of tool across agent frameworks), level 1
// the target (editor sub-command, file, view range; a shell command's verb, paths and a loose
// similarity floor), level 2 the arguments' similarity, level 4 a penalty for large edits.
// Arguments are whatever JSON the call held; reading a key of a non-object raises as Python does
// (py_values.ts).
import { PY_SPACE, pyLen, pyPrefix, pyStrip, pythonInt } from "../../../shared/verifiers/python_str.ts";
import { boundedSimilarity } from "../../../shared/verifiers/sequence_matcher.ts";
import { PyTypeError, pyContains, pyGet, pyIndex, pyStr } from "./py_values.ts";

export type Category = "edit" | "bash" | "search" | "read" | "finish" | "think" | "planning" | "unknown";

// The tool families, in the reference's order: a name registered twice keeps its last family.
const FAMILIES: ReadonlyArray<readonly [Category, readonly string[]]> = [
  ["edit", ["str_replace_editor", "text_editor", "file_editor", "code_editor", "edit_file", "modify_file", "update_file", "file_edit", "edit", "modify", "apply_patch", "patch_file", "apply_diff", "apply_changes", "write", "write_file", "save_file", "create_file"]],
  ["bash", ["execute_bash", "run_bash", "bash_exec", "shell_run", "shell", "bash", "terminal", "shell_command", "shell_cmd", "run_shell_cmd", "exec_command", "exec_cmd"]],
  ["search", ["grep", "search_text", "find_pattern", "text_search", "glob", "find_files", "file_glob", "match_files", "grep_files", "search_files", "find_in_files", "code_search", "list_dir", "ls", "show_dir", "ls_dir", "list_directory"]],
  ["read", ["read", "read_file", "view_file", "cat_file", "view", "file_view", "inspect", "show_file", "read_file_content"]],
  ["finish", ["finish", "submit"]],
  ["think", ["think"]],
  ["planning", ["task_tracker", "todo_tracker", "plan_tracker", "todo_read", "todo_write", "update_plan", "list_tasks", "update_tasks", "read_todos", "write_todos", "edit_plan", "modify_plan"]],
];

// Each name also under its CamelCase spelling, lower-cased: the name without its underscores.
const CATEGORIES = new Map<string, Category>(FAMILIES.flatMap(([category, names]) => names.flatMap((name) => [[name, category] as const, [name.replaceAll("_", ""), category] as const])));

export const toolCategory = (name: string): Category => CATEGORIES.get(name.toLowerCase()) ?? "unknown";

/** Level 0: the same tool by name, or one of the same (known) family. */
export const toolNameMatches = (name: string, category: Category, expectedName: string, expectedCategory: Category): boolean =>
  name.toLowerCase() === expectedName.toLowerCase() || (category === expectedCategory && category !== "unknown");

/** The first of `keys` the arguments hold, as str() of its value, stripped; "" when none. */
function firstOf(args: unknown, keys: readonly string[]): string {
  for (const key of keys) if (pyContains(args, key)) return pyStrip(pyStr(pyIndex(args, key)));
  return "";
}

const filePath = (args: unknown) => firstOf(args, ["path", "file", "file_path", "filename", "file_name"]);
export const shellCommand = (args: unknown) => firstOf(args, ["command", "cmd"]);
const editorCommand = (args: unknown) => pyStr(pyGet(args, "command", ""));

/** The path without the '/' it ends with (rstrip). */
function withoutTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 0 && path[end - 1] === "/") end--;
  return path.slice(0, end);
}

/** The last `n` components of a path, '/' stripped from both ends first: the same file under another root. */
function pathSuffix(path: string, n = 3): string {
  let start = 0;
  while (start < path.length && path[start] === "/") start++;
  return withoutTrailingSlashes(path.slice(start)).split("/").slice(-n).join("/");
}

/** The edit's text: old and new strings, else a patch or diff, else a written file's content. */
export function editContent(args: unknown): string {
  const parts: string[] = [];
  if (pyContains(args, "new_str")) parts.push(pyStr(pyGet(args, "old_str", "")), pyStr(pyIndex(args, "new_str")));
  else if (pyContains(args, "patch")) parts.push(pyStr(pyIndex(args, "patch")));
  else if (pyContains(args, "diff")) parts.push(pyStr(pyIndex(args, "diff")));
  else if (pyContains(args, "content") || pyContains(args, "file_text")) parts.push(pyStr(pyGet(args, "content", pyGet(args, "file_text", ""))));
  return parts.join("\n");
}

const SPACE = new RegExp(`[${PY_SPACE}]`);

/** The command's program: its first word, without a directory. */
export function commandVerb(command: string): string {
  const text = pyStrip(command);
  const space = text.search(SPACE);
  const first = space === -1 ? text : text.slice(0, space);
  return first.slice(first.lastIndexOf("/") + 1);
}

// A path in a shell command: absolute, ./ or ../ relative, or dir/file; after a space, =, a quote,
// ( or the start. Python's \w is Unicode letters and numbers and _; the runs it allows never hold
// the characters that may precede a path, so one scan is linear.
const WORD = "\\p{L}\\p{N}_";
const PATH_IN_COMMAND = new RegExp(`(?:^|[${PY_SPACE}='"(])((?:/[${WORD}.\\-]+)+|\\.\\.?/[${WORD}./\\-]+|[${WORD}.\\-]+/[${WORD}./\\-]+)`, "gu");

export function commandPaths(command: string): string[] {
  return [...command.matchAll(PATH_IN_COMMAND)].map((m) => m[1]!).filter((p) => !p.startsWith("--") && pyLen(p) > 2);
}

/** int() of a view_range bound: numbers truncate, strings parse as Python's int(); undefined where int() raises. */
function boundOf(value: unknown): number | undefined {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "number" || value instanceof Number) {
    const x = Number(value);
    if (!Number.isFinite(x)) throw new PyTypeError("cannot convert an infinite or NaN float to int");
    return Math.trunc(x);
  }
  if (typeof value === "string") {
    const int = pythonInt(value);
    return int === undefined ? undefined : Number(int);
  }
  return undefined;
}

/** A view_range of two bounds, as a list or as its JSON text; undefined for anything else. */
function viewRange(raw: unknown): [number, number] | undefined {
  let list = raw;
  if (typeof raw === "string") {
    try {
      list = JSON.parse(raw);
    } catch {
      return undefined;
    }
  }
  if (!Array.isArray(list) || list.length !== 2) return undefined;
  const [start, end] = [boundOf(list[0]), boundOf(list[1])];
  return start === undefined || end === undefined ? undefined : [start, end];
}

/** Characters of each text compared, as the reference caps them; past the matcher's step budget the ratio is a lower bound. */
const MAX_SIMILARITY_CHARS = 2000;
export const cappedSimilarity = (a: string, b: string): number => boundedSimilarity(pyPrefix(a, MAX_SIMILARITY_CHARS), pyPrefix(b, MAX_SIMILARITY_CHARS)).ratio;

/** Below this a shell command is another command, whatever its verb and paths. */
const BASH_TARGET_SIMILARITY_FLOOR = 0.3;
/** The share of the demonstrated view range the rollout's must cover. */
const VIEW_COVERAGE = 0.8;

/** Level 1: the call works on the demonstrated target. Calls of different families pass (level 0 decided). */
export function targetMatches(category: Category, args: unknown, expectedCategory: Category, expectedArgs: unknown): boolean {
  if (category === "edit" && expectedCategory === "edit") {
    const [command, expectedCommand] = [editorCommand(args), editorCommand(expectedArgs)];
    if (command && expectedCommand && command !== expectedCommand) return false;
    const [file, expectedFile] = [filePath(args), filePath(expectedArgs)];
    if (file && expectedFile && pathSuffix(file, 2) !== pathSuffix(expectedFile, 2)) return false;
    if (command === "view" && expectedCommand === "view") {
      // No range views the whole file, which covers any range.
      const [range, expectedRange] = [viewRange(pyGet(args, "view_range")), viewRange(pyGet(expectedArgs, "view_range"))];
      if (range && expectedRange) {
        const overlap = Math.max(0, Math.min(range[1], expectedRange[1]) - Math.max(range[0], expectedRange[0]));
        if (overlap / Math.max(1, expectedRange[1] - expectedRange[0]) < VIEW_COVERAGE) return false;
      }
    }
    return true;
  }
  if (category === "bash" && expectedCategory === "bash") {
    const [command, expectedCommand] = [shellCommand(args), shellCommand(expectedArgs)];
    const [verb, expectedVerb] = [commandVerb(command), commandVerb(expectedCommand)];
    if (verb && expectedVerb && verb !== expectedVerb) return false;
    const suffixes = (paths: string[]) => new Set(paths.map((p) => pathSuffix(withoutTrailingSlashes(p))).filter(Boolean));
    const [paths, expectedPaths] = [suffixes(commandPaths(command)), suffixes(commandPaths(expectedCommand))];
    if (paths.size > 0 && expectedPaths.size > 0 && ![...paths].some((p) => expectedPaths.has(p))) return false;
    return !(command && expectedCommand && cappedSimilarity(command, expectedCommand) < BASH_TARGET_SIMILARITY_FLOOR);
  }
  if ((category === "search" || category === "read") && (expectedCategory === "search" || expectedCategory === "read")) {
    const [file, expectedFile] = [filePath(args), filePath(expectedArgs)];
    return !(file && expectedFile) || pathSuffix(file) === pathSuffix(expectedFile);
  }
  return true;
}

/** Similarity of two texts where either may be empty: both empty is the same, one empty is nothing alike. */
const sideSimilarity = (a: string, b: string) => (a && b ? cappedSimilarity(a, b) : a === b ? 1 : 0);

/** Level 2: how alike the arguments are; 1 where the family has nothing to compare. */
export function argumentSimilarity(category: Category, args: unknown, expectedCategory: Category, expectedArgs: unknown): number {
  if (category === "edit" && expectedCategory === "edit") {
    const side = (a: unknown, key: string) => pyStr(pyGet(a, key, ""));
    const [old, expectedOld, replacement, expectedReplacement] = [side(args, "old_str"), side(expectedArgs, "old_str"), side(args, "new_str"), side(expectedArgs, "new_str")];
    // The place found and the fix written must each be alike: the lesser counts.
    if ((old || replacement) && (expectedOld || expectedReplacement)) return Math.min(sideSimilarity(old, expectedOld), sideSimilarity(replacement, expectedReplacement));
    const [content, expectedContent] = [editContent(args), editContent(expectedArgs)];
    if (content && expectedContent) return cappedSimilarity(content, expectedContent);
    return Boolean(content) !== Boolean(expectedContent) ? 0 : 1;
  }
  if (category === "bash" && expectedCategory === "bash") {
    const [command, expectedCommand] = [shellCommand(args), shellCommand(expectedArgs)];
    return command && expectedCommand ? cappedSimilarity(command, expectedCommand) : 1;
  }
  return 1;
}

/** Level 4: up to `alpha` off for an edit, growing with its text up to 500 characters. */
export function diffSizePenalty(category: Category, args: unknown, alpha: number): number {
  if (category !== "edit") return 0;
  const content = editContent(args);
  return content ? alpha * Math.min(pyLen(content) / 500, 1) : 0;
}
