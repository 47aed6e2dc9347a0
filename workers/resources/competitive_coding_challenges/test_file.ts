// The test file NeMo Gym reads from CCC_TEST_FILE (its data is unreleased): JSON lines of
// {competition_id, metadata: {problem_id: problem}}, a problem either normalised ({grader_files,
// subtasks, all_tests}) or in the older shape ({subtask: {tests, score, grader_files}}). A Worker
// reads no files, so `collect` completes each row from it before anything runs (declaration.ts,
// taskFile): the row gains `test_metadata`, this problem's tests and limits. Only batch problems
// are run here (stdin to stdout, compared with the expected output as the reference's diff does);
// a problem with its own checker, grader sources or another task type is refused by name, since
// the reference runs those with the expected output beside the program.
import { z } from "../../../shared/zod.ts";

export const TEST_FILE_SOURCE =
  "a test file in NeMo Gym's CCC_TEST_FILE shape (JSON lines of {competition_id, metadata: {problem_id: {grader_files, subtasks, all_tests}}}; NeMo's data is unreleased, ours is workers/resources/competitive_coding_challenges/data/test_metadata.jsonl)";

type Row = Record<string, unknown>;
type Json = Record<string, unknown>;

const GRADER_CONFIG = "graders/grader_config.json";

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

/** The problem a row names and carries no tests for: such a row needs the test file. */
export function neededProblem(row: Row): string | undefined {
  if (row.test_metadata != null || typeof row.problem_id !== "string") return undefined;
  return typeof row.competition_id === "string" && row.competition_id ? `${row.competition_id}/${row.problem_id}` : row.problem_id;
}

const GraderFile = z.tuple([z.string(), z.string()]);

/** The older shape's subtasks folded into the normalised one, as the reference folds them. */
function normalised(problem: Json): Json {
  if ("subtasks" in problem && "all_tests" in problem) return problem;
  const subtasks: Json = {};
  const allTests: Json = {};
  let graderFiles: unknown = [];
  for (const [name, subtask] of Object.entries(problem)) {
    if (!isObject(subtask)) continue;
    if (!Array.isArray(graderFiles) || graderFiles.length === 0) graderFiles = subtask.grader_files ?? [];
    const tests = isObject(subtask.tests) ? subtask.tests : {};
    for (const [test, data] of Object.entries(tests)) {
      if (!(test in allTests) && isObject(data)) allTests[test] = { input: data.input, output: data.output, group: test.startsWith("sample") ? "sample" : "secret" };
    }
    subtasks[name] = { aggregation: "min", score: Number(subtask.score || subtask.subtask_score || 0), score_precision: subtask.score_precision ?? 0, test_names: Object.keys(tests) };
  }
  return { grader_files: graderFiles, subtasks, all_tests: allTests };
}

/** The row's test_metadata from a file problem, or why it cannot be run here. */
function testMetadata(problem: Json): Json {
  const files = z.array(GraderFile).safeParse(problem.grader_files ?? []);
  if (!files.success) throw new Error("its grader_files is not a list of [path, content] pairs");
  const others = files.data.map(([path]) => path).filter((path) => path !== GRADER_CONFIG);
  if (others.length) throw new Error(`it has grader files (${others.join(", ")}): only batch problems without checkers or graders are run here`);
  let graderConfig: Json = {};
  const configText = files.data.find(([path]) => path === GRADER_CONFIG)?.[1];
  try {
    if (configText !== undefined) graderConfig = z.record(z.string(), z.unknown()).parse(JSON.parse(configText));
  } catch {
    // An unreadable grader config is an empty one, as in the reference.
  }
  const taskType = String(graderConfig.task_type ?? "Batch");
  if (taskType !== "Batch") throw new Error(`its task type is ${taskType}: only Batch problems are run here`);
  return {
    time_limit: graderConfig.time_limit,
    memory_limit: graderConfig.memory_limit ?? null,
    problem_header_include: problem.problem_header_include ?? null,
    subtasks: problem.subtasks,
    all_tests: problem.all_tests,
  };
}

/** Reads the file's text; the function it returns completes a row, or throws saying why it cannot. */
export function readTestFile(text: string): (row: Row) => Row {
  const byCompetition = new Map<string, Map<string, Json>>();
  const byProblem = new Map<string, Map<string, Json>>();
  text.split("\n").forEach((line, index) => {
    if (!line.trim()) return;
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch (err) {
      throw new Error(`line ${index + 1} is not JSON (${(err as Error).message})`);
    }
    if (!isObject(entry)) throw new Error(`line ${index + 1} is not an object`);
    const competition = String(entry.competition_id || entry.competition || "");
    const problems = entry.metadata ?? entry.problems ?? {};
    if (!isObject(problems)) throw new Error(`line ${index + 1}: metadata is not an object of problems`);
    for (const [id, problem] of Object.entries(problems)) {
      if (!isObject(problem)) throw new Error(`line ${index + 1}: problem "${id}" is not an object`);
      const entryOf = (map: Map<string, Map<string, Json>>, key: string) => map.get(key) ?? map.set(key, new Map()).get(key)!;
      const normal = normalised(problem);
      entryOf(byCompetition, competition).set(id, normal);
      entryOf(byProblem, id).set(competition, normal);
    }
  });
  const find = (problemId: string, competition: string | undefined): Json => {
    if (competition) {
      const problems = byCompetition.get(competition);
      if (!problems) throw new Error(`competition "${competition}" is not in the test file (it has: ${[...byCompetition.keys()].filter(Boolean).join(", ")})`);
      const problem = problems.get(problemId);
      if (!problem) throw new Error(`problem "${problemId}" is not in competition "${competition}" of the test file (it has: ${[...problems.keys()].join(", ")})`);
      return problem;
    }
    const matches = byProblem.get(problemId);
    if (!matches) throw new Error(`problem "${problemId}" is not in the test file`);
    if (matches.size > 1) throw new Error(`problem "${problemId}" is in several competitions of the test file (${[...matches.keys()].join(", ")}): give the row a competition_id`);
    return [...matches.values()][0]!;
  };
  return (row) => {
    if (neededProblem(row) === undefined) return row;
    const problemId = row.problem_id as string;
    const competition = typeof row.competition_id === "string" && row.competition_id ? row.competition_id : undefined;
    const problem = find(problemId, competition);
    try {
      return { ...row, test_metadata: testMetadata(problem) };
    } catch (err) {
      throw new Error(`problem "${problemId}" cannot be run: ${(err as Error).message}`);
    }
  };
}
