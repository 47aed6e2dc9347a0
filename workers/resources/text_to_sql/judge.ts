// Asking the judge whether two queries are equivalent, in the equivalence pattern of
// shared/judge/equivalence.ts (expected then generated; only on "equal", again swapped) with the
// reference's own prompt fields (dialect, schema, question) and its own reading of a verdict: of
// the two configured labels, the one written FIRST counts, and a reply with neither is "not
// equal" with verdict_label null (a score, not a failure). Each evaluation records its label.
import { askJudge, type Judge, type JudgeEvaluation } from "../../../shared/judge/call.ts";
import { formatTemplate } from "../../../shared/judge/template.ts";
import { SQL_JUDGE_PROMPT_TEMPLATE } from "./prompts.ts";

export interface Labels {
  equal: string;
  notEqual: string;
}

export interface SqlQuestion {
  system: string;
  labels: Labels;
  dialect: string;
  context: string;
  prompt: string;
}

/** The label the judge wrote first, or null when it wrote neither. */
export function firstLabel(text: string, labels: Labels): string | null {
  const equalAt = text.indexOf(labels.equal);
  const notEqualAt = text.indexOf(labels.notEqual);
  if (equalAt >= 0 && (notEqualAt < 0 || equalAt < notEqualAt)) return labels.equal;
  return notEqualAt >= 0 ? labels.notEqual : null;
}

export type SqlEvaluation = JudgeEvaluation & { verdict_label: string | null };

async function ask(env: object, judge: Judge, q: SqlQuestion, first: string, second: string): Promise<{ equal: boolean; evaluation: SqlEvaluation }> {
  const user = formatTemplate(SQL_JUDGE_PROMPT_TEMPLATE, { sql_dialect: q.dialect, sql_context: q.context, sql_prompt: q.prompt, first_answer: first, second_answer: second });
  const answer = await askJudge(env, judge, {
    messages: [...(q.system ? [{ role: "system" as const, content: q.system }] : []), { role: "user", content: user }],
    read: (text) => firstLabel(text, q.labels),
  });
  return { equal: answer.verdict === q.labels.equal, evaluation: { ...answer.evaluation, verdict_label: answer.verdict } };
}

export interface SqlJudgement {
  /** "equal" both ways (or once, without the swap check), "swap_failed", or "not_equal" at first. */
  outcome: "equal" | "swap_failed" | "not_equal";
  evaluations: SqlEvaluation[];
}

export async function judgeSql(env: object, judge: Judge, q: SqlQuestion, expected: string, generated: string, swap: boolean): Promise<SqlJudgement> {
  const first = await ask(env, judge, q, expected, generated);
  if (!first.equal) return { outcome: "not_equal", evaluations: [first.evaluation] };
  if (!swap) return { outcome: "equal", evaluations: [first.evaluation] };
  const swapped = await ask(env, judge, q, generated, expected);
  return { outcome: swapped.equal ? "equal" : "swap_failed", evaluations: [first.evaluation, swapped.evaluation] };
}
