// Each harness's rulebook: how a call of one of its tools compares its argument values with the
// expected call's, once name, schema and keys have passed. A tool a rulebook does not name (and any
// tool of another harness) passes on its keys alone.
import { pythonEqual } from "../../../shared/verifiers/json_equal.ts";
import { textSimilarity } from "../../../shared/verifiers/sequence_matcher.ts";
import { compareCodePoints, pyJsonDumps } from "../../../shared/json/python_text.ts";
import { isExactNumber } from "../../../shared/json/exact.ts";
import { pyStrip } from "../../../shared/verifiers/python_str.ts";
import { Category, fail, pass, type Category as CategoryText, type Verdict } from "./categories.ts";
import type { Json } from "./tool_schemas.ts";

type Rule = (expected: Json, actual: Json, threshold: number) => Verdict;

// A missing key reads as None, as dict.get gives it.
const at = (args: Json, key: string): unknown => (Object.hasOwn(args, key) ? args[key] : null);
const commandText = (text: string) => pyStrip(text.replaceAll("\r\n", "\n").replaceAll("\r", "\n"));
const webText = (text: string) => pyStrip(text.toLowerCase());

/** Python's truthiness, for the checks written `not value`. */
function truthy(v: unknown): boolean {
  if (v === null || v === false || v === "" || v === 0 || v === 0n) return false;
  if (isExactNumber(v)) return Number(v) !== 0;
  if (Array.isArray(v)) return v.length > 0;
  return typeof v !== "object" || Object.keys(v).length > 0;
}

/** A command-like string argument both must carry, compared by difflib ratio after `normalize`. */
function similarText(key: string, missing: CategoryText, below: CategoryText, normalize: (text: string) => string): Rule {
  return (expected, actual, threshold) => {
    const [want, got] = [at(expected, key), at(actual, key)];
    if (typeof got !== "string" || typeof want !== "string") return fail(missing);
    const score = textSimilarity(normalize(want), normalize(got));
    return score < threshold ? fail(below, score) : pass(Category.EXPECTED_TOOL_CALL, score);
  };
}

/** The keys must hold equal values (absent reads as None). */
const sameValues =
  (...keys: string[]): Rule =>
  (expected, actual) =>
    keys.every((key) => pythonEqual(at(expected, key), at(actual, key))) ? pass() : fail(Category.ARGUMENT_VALUE_MISMATCH);

const isDict = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v) && !isExactNumber(v);

function nonEmpty(value: unknown): boolean {
  if (value === null) return false;
  if (typeof value === "string") return pyStrip(value) !== "";
  if (Array.isArray(value) || isDict(value)) return truthy(value);
  return true;
}

const updatePlan: Rule = (_expected, actual) => (nonEmpty(at(actual, "plan")) ? pass() : fail(Category.UPDATE_PLAN_EMPTY_PLAN));

const executePython: Rule = (expected, actual, threshold) => {
  const [want, got] = [at(expected, "code"), at(actual, "code")];
  if (typeof got !== "string" || !pyStrip(got) || typeof want !== "string" || !pyStrip(want)) return fail(Category.ARGUMENT_VALUE_MISMATCH);
  const score = textSimilarity(want, got);
  return score < threshold ? fail(Category.EXECUTE_PYTHON_CODE_SIMILARITY_BELOW_THRESHOLD, score) : pass(Category.EXPECTED_TOOL_CALL, score);
};

const returnResult: Rule = (expected, actual, threshold) => {
  const dump = (v: unknown) => pyJsonDumps(v, { sortKeys: true });
  const score = textSimilarity(dump(at(expected, "result")), dump(at(actual, "result")));
  return score < threshold ? fail(Category.RETURN_RESULT_SIMILARITY_BELOW_THRESHOLD, score) : pass(Category.EXPECTED_TOOL_CALL, score);
};

const todowrite: Rule = (expected, actual) => {
  const [want, got] = [at(expected, "todos"), at(actual, "todos")];
  if (pythonEqual(want, [])) return pythonEqual(got, []) ? pass() : fail(Category.ARGUMENT_VALUE_MISMATCH);
  if (!Array.isArray(want) || !Array.isArray(got)) return fail(Category.TODOWRITE_EMPTY_TODOS);
  if (want.length !== got.length) return fail(Category.ARGUMENT_VALUE_MISMATCH);
  const same = want.every((w, i) => {
    const g = got[i];
    return isDict(w) && isDict(g) && pythonEqual(at(w, "status"), at(g, "status")) && pythonEqual(at(w, "priority"), at(g, "priority"));
  });
  return same ? pass() : fail(Category.ARGUMENT_VALUE_MISMATCH);
};

const edit: Rule = (expected, actual) => {
  if (!pythonEqual(at(expected, "filePath"), at(actual, "filePath"))) return fail(Category.ARGUMENT_VALUE_MISMATCH);
  if (pythonEqual(at(actual, "oldString"), at(actual, "newString"))) return fail(Category.ARGUMENT_VALUE_MISMATCH);
  return pythonEqual(at(expected, "replaceAll"), at(actual, "replaceAll")) ? pass() : fail(Category.ARGUMENT_VALUE_MISMATCH);
};

const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === "string");
const normalizedPaths = (paths: string[]) => paths.map(pyStrip).sort(compareCodePoints);

const fetchWebPage: Rule = (expected, actual) => {
  const [want, got] = [at(expected, "url"), at(actual, "url")];
  if (!truthy(got) || typeof got !== "string" || !truthy(want) || typeof want !== "string") return fail(Category.FETCH_WEB_PAGE_MISSING_URL);
  return webText(want) === webText(got) ? pass() : fail(Category.FETCH_WEB_PAGE_URLS_DO_NOT_MATCH);
};

const finish: Rule = (expected, actual, threshold) => {
  const [want, got] = [at(expected, "reason"), at(actual, "reason")];
  if (!truthy(got) || typeof got !== "string" || !truthy(want) || typeof want !== "string") return fail(Category.FINISH_MISSING_REASON);
  const [wantPaths, gotPaths] = [at(expected, "paths"), at(actual, "paths")];
  if (!isStringList(gotPaths) || gotPaths.length === 0 || !isStringList(wantPaths) || wantPaths.length === 0) return fail(Category.FINISH_MISSING_PATHS);
  const [a, b] = [normalizedPaths(gotPaths), normalizedPaths(wantPaths)];
  if (a.length !== b.length || a.some((p, i) => p !== b[i])) return fail(Category.FINISH_PATHS_DO_NOT_MATCH);
  const score = textSimilarity(webText(got), webText(want));
  return score < threshold ? fail(Category.FINISH_REASON_SIMILARITY_BELOW_THRESHOLD, score) : pass(Category.EXPECTED_TOOL_CALL, score);
};

const execCommand = similarText("cmd", Category.EXEC_COMMAND_MISSING_CMD, Category.EXEC_COMMAND_CMD_SIMILARITY_BELOW_THRESHOLD, commandText);

/** harness -> tool -> rule, as the reference's rulebooks (docs/rulebooks/) define them. */
export const RULEBOOKS: Readonly<Record<string, Readonly<Record<string, Rule>>>> = {
  codex: { exec_command: execCommand, update_plan: updatePlan },
  agent006: { execute_python: executePython, return_result: returnResult },
  opencode: {
    bash: similarText("command", Category.BASH_MISSING_COMMAND, Category.BASH_COMMAND_SIMILARITY_BELOW_THRESHOLD, commandText),
    todowrite,
    read: sameValues("filePath"),
    write: sameValues("filePath"),
    edit,
    glob: sameValues("pattern", "path"),
    grep: sameValues("pattern", "path", "include"),
    webfetch: sameValues("url", "format"),
    skill: sameValues("name"),
    task: sameValues("subagent_type"),
  },
  stirrup: {
    code_exec: execCommand,
    web_search: (expected, actual, threshold) => {
      const [want, got] = [at(expected, "query"), at(actual, "query")];
      if (!truthy(got) || typeof got !== "string" || !truthy(want) || typeof want !== "string") return fail(Category.WEB_SEARCH_MISSING_QUERY);
      const score = textSimilarity(webText(want), webText(got));
      return score < threshold ? fail(Category.WEB_SEARCH_QUERY_SIMILARITY_BELOW_THRESHOLD, score) : pass(Category.EXPECTED_TOOL_CALL, score);
    },
    fetch_web_page: fetchWebPage,
    finish,
  },
};

/** The harness's rule for the tool, if its rulebook has one. */
export const ruleFor = (harness: string, tool: string): Rule | undefined => {
  const book = Object.hasOwn(RULEBOOKS, harness) ? RULEBOOKS[harness]! : undefined;
  return book && Object.hasOwn(book, tool) ? book[tool] : undefined;
};
