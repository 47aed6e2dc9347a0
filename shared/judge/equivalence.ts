// Asking a judge whether two answers are equivalent (NeMo Gym's equivalence pattern): the judge
// sees (expected, generated) and, only if it says equal, again with the two swapped; the answers
// are equal only when both verdicts say so, which cancels a judge's bias for one position.
import { askJudge, type Judge, type JudgeEvaluation } from "./call.ts";
import { lastLabel } from "./verdicts.ts";

export interface JudgePrompt {
  system: string;
  /** The user message, with `{question}`, `{first_answer}` and `{second_answer}` filled in. */
  user: string;
  /** The verdict labels the system prompt asks for, e.g. `[[A=B]]` and `[[A!=B]]`. */
  equalLabel: string;
  notEqualLabel: string;
}

/**
 * The layout NeMo Gym's judge prompts share: the problem after `<|Problem|>`, each answer between
 * `<|Start of Assistant X's Answer|>` and `<|End of ...|>` markers, and the verdict labels
 * `[[A=B]]` / `[[A!=B]]`. A server brings its own instructions (which must ask for those labels).
 */
export function answerPairPrompt(system: string): JudgePrompt {
  return {
    system,
    user: [
      "<|Problem|>",
      "{question}",
      "",
      "<|Start of Assistant A's Answer|>",
      "{first_answer}",
      "<|End of Assistant A's Answer|>",
      "",
      "<|Start of Assistant B's Answer|>",
      "{second_answer}",
      "<|End of Assistant B's Answer|>",
    ].join("\n"),
    equalLabel: "[[A=B]]",
    notEqualLabel: "[[A!=B]]",
  };
}

export interface EquivalenceOptions {
  prompt: JudgePrompt;
  question: string;
  expected: string;
  generated: string;
}

export interface EquivalenceOutcome {
  equal: boolean;
  evaluations: JudgeEvaluation[];
}

const PLACEHOLDER = /\{(question|first_answer|second_answer)\}/g;

/** One pass over the template, so an answer that contains a placeholder is left as written. */
export function fillJudgePrompt(template: string, values: Record<"question" | "first_answer" | "second_answer", string>): string {
  return template.replace(PLACEHOLDER, (_, key: keyof typeof values) => values[key]);
}

/** The verdict is the label written last: a judge may quote both labels before deciding. */
export function readVerdict(text: string, prompt: JudgePrompt): boolean | undefined {
  const label = lastLabel(text, [prompt.equalLabel, prompt.notEqualLabel]);
  return label === undefined ? undefined : label === prompt.equalLabel;
}

async function ask(env: object, judge: Judge, options: EquivalenceOptions, first: string, second: string) {
  const { prompt } = options;
  const answer = await askJudge(env, judge, {
    messages: [
      { role: "system", content: prompt.system },
      { role: "user", content: fillJudgePrompt(prompt.user, { question: options.question, first_answer: first, second_answer: second }) },
    ],
    read: (text) => readVerdict(text, prompt),
  });
  return { equal: answer.verdict, evaluation: answer.evaluation };
}

export async function judgeEquivalence(env: object, judge: Judge, options: EquivalenceOptions): Promise<EquivalenceOutcome> {
  const first = await ask(env, judge, options, options.expected, options.generated);
  if (!first.equal) return { equal: false, evaluations: [first.evaluation] };
  const swapped = await ask(env, judge, options, options.generated, options.expected);
  return { equal: swapped.equal, evaluations: [first.evaluation, swapped.evaluation] };
}
