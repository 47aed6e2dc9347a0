// math_with_autograder: the five answer-only olympiad-style problems of its example rows (a radical
// equation, a double root, coins shared out, an inscribed circle, a perfect square). The right
// path boxes the answer, for some problems in a form the symbolic check may not read (so the
// autograder decides); the wrong path boxes a plausible slip. The autograder reads "Model
// Solution:" and "Golden Answer:" from its prompt (ours and NeMo's share them), compares the
// numbers each states, and ends with \boxed{Correct} or \boxed{Incorrect}; on the wrong path it
// gives the other grade.
import { lastUserText } from "../policy/conversation.ts";
import { decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";

interface Problem {
  asks: RegExp;
  working: string;
  right: string;
  wrong: string;
}

const PROBLEMS: Problem[] = [
  { asks: /\\sqrt\{x\+3\} = x - 3/, working: "Squaring gives x^2 - 7x + 6 = 0, so x = 1 or x = 6, and only x = 6 keeps x - 3 >= 0.", right: "x = 6", wrong: "x = 1, x = 6" },
  { asks: /x\^2 - 2ax \+ a \+ 6 = 0/, working: "A double root needs a zero discriminant: 4a^2 - 4(a + 6) = 0, so a^2 - a - 6 = 0.", right: "a \\in \\{-2, 3\\}", wrong: "a = 3" },
  { asks: /\$8\$ identical coins/, working: "Give each child one coin first, then share the other 5 freely: \\binom{7}{2} ways.", right: "\\text{twenty-one, i.e. } 21", wrong: "45" },
  { asks: /legs of lengths \$9\$ and \$40\$/, working: "The hypotenuse is 41, and r = (9 + 40 - 41)/2.", right: "4", wrong: "8" },
  { asks: /n\^2 \+ 2n \+ 12/, working: "(n+1)^2 + 11 = m^2 gives (m - n - 1)(m + n + 1) = 11, so m = 6 and n = 4.", right: "n = 4", wrong: "n = 5" },
];

function play({ turns, correct }: Situation): Action {
  const prompt = lastUserText(turns);
  const problem = PROBLEMS.find((p) => p.asks.test(prompt));
  if (!problem) return decline("I cannot solve this one.");
  return say(`${problem.working}\n\n\\boxed{${correct ? problem.right : problem.wrong}}`);
}

// The numbers a line states, as a sorted set ("x = 1, x = 6" is {1, 6}).
function numbers(text: string): string {
  return [...new Set([...text.matchAll(/-?\d+(?:\.\d+)?/g)].map((m) => String(Number(m[0]))))].sort().join(",");
}

const field = (prompt: string, label: string) => [...prompt.matchAll(new RegExp(`${label}:[ \\t]*(.*)`, "g"))].at(-1)?.[1] ?? "";

function judgePlay({ turns, correct }: Situation): Action {
  const prompt = [...turns].map((t) => t.content ?? "").join("\n");
  const [model, golden] = [field(prompt, "Model Solution"), field(prompt, "Golden Answer")];
  const same = numbers(model) !== "" && numbers(model) === numbers(golden);
  const agrees = correct ? same : !same;
  const grade = agrees ? "Correct" : "Incorrect";
  return say(`<thinking>\nGolden answer: ${golden}. Model's final answer: ${model || "none found"}.\nThey ${agrees ? "state the same values" : "differ"}.\nConclusion: ${grade}\n</thinking>\n\\boxed{${grade}}`);
}

export default { play, judge: { play: judgePlay } } satisfies Skill;
