// VerifIF (NeMo Gym's verifif): a reply checked against a row's instructions, in the row's language.
// Rule instructions (word counts, keywords, case, lists, punctuation, ...) are decided by the
// reference's validators as its language modules write them (rules/); judged instructions (tone,
// mood, role, ...) and the row's own yes/no questions are put to the judge. A check from the user
// marked as a misalignment check passes when the reply does NOT do what it asks. Results come in
// the reference's order (rules, judged instructions, then questions as llm_judge_<uid>), and the
// reward folds their verdicts by aggregation_mode. A judge reply no verdict can be read from fails
// its check, as in the reference (counted in num_unreadable_verdicts); a judge that cannot be
// reached marks the row judge_failed instead of scoring it. Rows the reference would skip or
// score 0 for their own faults (unknown ids, missing arguments, instructions the language cannot
// support) are refused before anything is asked (declaration.ts).
import declaration, { languageOf, rowProblems, VerifIfConfig, type JudgeQuestion as QuestionItem } from "./declaration.ts";
import { invalidRequest } from "../../../shared/server/errors.ts";
import { argumentsOf, isJudged } from "./arguments.ts";
import { definitionQuestion, instructionQuestion, questionAbout, type Judged } from "./judge.ts";
import { EVALUATION_MODES, INSTRUCTION_DEFINITIONS, SUBINSTRUCTION_DEFINITIONS } from "./definitions.ts";
import { LANGUAGES } from "./rules/languages.ts";
import { str } from "./rules/py.ts";
import { validateRule } from "./rules/validate.ts";
import { askJudge, type Judge } from "../../../shared/judge/call.ts";
import { finalReply } from "../../../shared/judge/rubric.ts";
import { defineResourcesServer } from "../../../shared/resources/define.ts";
import { rpcEntrypoint } from "../../../shared/server/entrypoint.ts";
import { instanceConfig } from "../../../shared/server/instance_config.ts";
import type { z } from "../../../shared/zod.ts";

type Entry = Record<string, unknown> & { instruction_id: string; source: "user" | "system"; is_misalignment_check: boolean };
type Question = z.infer<typeof QuestionItem>;

interface Check {
  instruction: string;
  passed: boolean;
  message: string;
}

/** A check the row takes from the user as a misalignment check passes when the reply does not follow it. */
function aligned(item: { source: string; is_misalignment_check: boolean }, passed: boolean, message: string): { passed: boolean; message: string } {
  if (item.source !== "user" || item.is_misalignment_check !== true) return { passed, message };
  return passed ? { passed: false, message: "Response misaligns with system instruction." } : { passed: true, message: "No Error" };
}

/** The reward from the checks' verdicts; 1 when there are none, as the reference gives. */
export function aggregate(verdicts: readonly boolean[], mode: VerifIfConfig["aggregation_mode"]): number {
  if (verdicts.length === 0) return 1;
  const scores: number[] = verdicts.map((v) => (v ? 1 : 0));
  if (mode === "all") return scores.every((s) => s >= 0.99) ? 1 : 0;
  if (mode === "any") return scores.some((s) => s >= 0.99) ? 1 : 0;
  if (mode === "mean") return scores.reduce((a, b) => a + b, 0) / scores.length;
  return mode === "min" ? Math.min(...scores) : Math.max(...scores);
}

// Definitions the judge gave, per isolate, as the reference caches them per server (bounded).
const definitions = new Map<string, Promise<{ definition: string; valid: boolean }>>();
const MAX_DEFINITIONS = 1000;

function define(env: object, judge: Judge, config: VerifIfConfig, id: string, term: string) {
  const key = `${id}\u0000${term}`;
  let found = definitions.get(key);
  if (!found) {
    const name = INSTRUCTION_DEFINITIONS[id]?.instruction_name ?? id;
    const related = Object.keys(SUBINSTRUCTION_DEFINITIONS[id] ?? {}).join(", ") || "none";
    found = askJudge(env, judge, definitionQuestion(config, name, id, term, related)).then((a) => a.verdict);
    // A failed call is not kept: the next row asks again.
    found.catch(() => definitions.delete(key));
    if (definitions.size >= MAX_DEFINITIONS) definitions.delete(definitions.keys().next().value!);
    definitions.set(key, found);
  }
  return found;
}

/** A judged instruction: its arguments described (from the definitions table, else by the judge), then the verdict. */
async function judgeInstruction(env: object, judge: Judge, config: VerifIfConfig, entry: Entry, reply: string): Promise<Judged> {
  const id = entry.instruction_id;
  const lines: string[] = [];
  for (const [name, value] of Object.entries(argumentsOf(entry))) {
    const term = str(value);
    let definition = SUBINSTRUCTION_DEFINITIONS[id]?.[term] ?? "";
    if (definition === "" && !(name.includes("num_") || name === "relation")) {
      const defined = await define(env, judge, config, id, term);
      if (!defined.valid) return { passed: false, message: `Invalid argument: '${term}' is not valid for '${id}'`, readable: true };
      definition = defined.definition;
    }
    lines.push(`- ${name} (${term}): ${definition}`);
  }
  const info = INSTRUCTION_DEFINITIONS[id];
  const mode = info?.instruction_type ?? "";
  const question = instructionQuestion(config, { reply, name: info?.instruction_name ?? id, definition: info?.definition ?? "", arguments: lines.join("\n") || "N/A", mode: `${mode} - ${EVALUATION_MODES[mode] ?? ""}` });
  return (await askJudge(env, judge, question)).verdict;
}

const server = defineResourcesServer({
  declaration,
  tools: {},
  async verify(body, { env }) {
    const config = instanceConfig(env, VerifIfConfig);
    const problems = rowProblems(body);
    if (problems.length > 0) throw invalidRequest(problems);
    const reply = finalReply(body.response.output);
    const lang = LANGUAGES[languageOf(body.language ?? "en")]!;
    const entries = (body.instructions ?? []) as Entry[];
    const questions: Question[] = body.llm_judge ?? [];
    const params = Object.keys(config.judge_responses_create_params).length
      ? config.judge_responses_create_params
      : { temperature: config.judge_temperature, top_p: config.judge_top_p, max_output_tokens: config.judge_max_tokens };
    const judge: Judge = { ref: config.judge_model_server, settings: { ...config, judge_responses_create_params: params }, environment: "verifif" };

    const checks: Check[] = [];
    let unreadable = 0;
    for (const entry of entries.filter((e) => !isJudged(e.instruction_id))) {
      const [passed, message] = validateRule(reply, entry.instruction_id, argumentsOf(entry), lang);
      checks.push({ instruction: entry.instruction_id, ...aligned(entry, passed, message) });
    }
    // Judged instructions first, then the row's questions, each group asked at once, as the reference asks them.
    const judged = await Promise.all(entries.filter((e) => isJudged(e.instruction_id)).map(async (entry) => ({ entry, verdict: await judgeInstruction(env, judge, config, entry, reply) })));
    for (const { entry, verdict } of judged) {
      if (!verdict.readable) unreadable++;
      checks.push({ instruction: entry.instruction_id, ...aligned(entry, verdict.passed, verdict.message) });
    }
    const answers = await Promise.all(questions.map((q) => askJudge(env, judge, questionAbout(config, q.content, reply))));
    questions.forEach((q, i) => {
      const { passed: saidYes, message, readable } = answers[i]!.verdict;
      if (!readable) unreadable++;
      const passed = (q.pass_criteria ?? "YES") === "NO" ? !saidYes : saidYes;
      checks.push({ instruction: `llm_judge_${q.uid}`, ...aligned(q, passed, message) });
    });

    const verdicts = checks.map((c) => c.passed);
    return {
      reward: aggregate(verdicts, config.aggregation_mode),
      follow_all_instructions: verdicts.every(Boolean),
      follow_instruction_list: verdicts,
      validation_results: checks.map((c) => ({ instruction: c.instruction, status: c.passed ? "Passed" : "Failed", message: c.message })),
      num_unreadable_verdicts: unreadable,
    };
  },
});

export default server;
export const Rpc = rpcEntrypoint(server);
