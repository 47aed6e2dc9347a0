// A judge model for the LLM-judge verifiers: the system prompt asks for a verdict label such as
// `[[A=B]]` / `[[A!=B]]`, and the user message holds two answers between `<|Start of ...|>` and
// `<|End of ...|>` markers. The emulator compares them after light normalisation (LaTeX wrappers,
// spacing, case, numbers by value) and gives the true verdict; on the wrong path it gives the
// opposite one, so a judge's mistakes show up in the rewards as a real judge's would.
import { numericCore, stripLatex } from "../../../shared/verifiers/answer_normalize.ts";
import { lastUserText, systemText } from "./conversation.ts";
import { say, type Action, type Situation, type Skill } from "./types.ts";

const EQUAL_LABEL = /\[\[(\w+)=(\w+)\]\]/;
const ANSWER_BLOCK = /<\|Start of [^|]*\|>\n?([\s\S]*?)\n?<\|End of [^|]*\|>/g;

function labels(system: string): { equal: string; notEqual: string } | undefined {
  const found = EQUAL_LABEL.exec(system);
  if (!found) return undefined;
  const [, a, b] = found;
  const notEqual = `[[${a}!=${b}]]`;
  return system.includes(notEqual) ? { equal: found[0], notEqual } : undefined;
}

const answers = (user: string): string[] => [...user.matchAll(ANSWER_BLOCK)].map((m) => m[1]!.trim()).slice(0, 2);

function comparable(answer: string): string {
  const plain = stripLatex(answer).replace(/\.$/, "").toLowerCase();
  const fraction = /^\\[dt]?frac\{(-?\d+)\}\{(\d+)\}$|^(-?\d+)\/(\d+)$/.exec(plain.replaceAll(" ", ""));
  if (fraction) {
    const [num, den] = [fraction[1] ?? fraction[3], fraction[2] ?? fraction[4]].map(Number);
    return String(num! / den!);
  }
  const number = Number(numericCore(plain));
  return plain !== "" && Number.isFinite(number) ? String(number) : plain.replaceAll(" ", "");
}

/**
 * Whether the conversation is a judge prompt (verdict labels in the system prompt, two answers to
 * compare); play needs it to be.
 */
export function asksForVerdict({ turns }: Situation): boolean {
  return labels(systemText(turns)) !== undefined && answers(lastUserText(turns)).length === 2;
}

function play({ turns, correct }: Situation): Action {
  const verdict = labels(systemText(turns))!;
  const [first = "", second = ""] = answers(lastUserText(turns));
  const same = comparable(first) === comparable(second);
  const saysEqual = correct ? same : !same;
  const reading = same ? "They state the same value." : "They state different values.";
  return say(`Assistant A answers ${first}; assistant B answers ${second}. ${reading}\n\nMy final verdict is ${saysEqual ? verdict.equal : verdict.notEqual}.`);
}

export const judge: Skill = { play };
