// arena_judge: open-ended prompts judged pairwise against a baseline answer. The right path
// answers with its working shown (a product is worked out step by step), the wrong path does not
// answer. The judge reads the two answers between arena-hard's `<|The Start of Assistant X's
// Answer|>` markers: an answer beats a non-answer by far, a fuller answer beats a terser one a
// little, and otherwise they tie; on the wrong path it gives the mirrored verdict, as a judge
// fooled by position would.
import { lastUserText } from "../policy/conversation.ts";
import { say, type Action, type Situation, type Skill } from "../policy/types.ts";

function play({ turns, correct }: Situation): Action {
  if (!correct) return say("I don't know.");
  const prompt = lastUserText(turns).replace(/\s+/g, " ").trim();
  const product = /(?<!\d)(\d+)\s*[*x×]\s*(\d+)/.exec(prompt); // not from inside a number: linear on a run of digits
  if (product) {
    const [a, b] = [Number(product[1]), Number(product[2])];
    const [tens, units] = [b - (b % 10), b % 10];
    return say(`${a} * ${b} = ${a} * ${tens} + ${a} * ${units} = ${a * tens} + ${a * units} = ${a * b}.`);
  }
  return say(`Here is my answer to "${prompt}", point by point: it comes down to the key facts, stated plainly, in order, each with the reason it matters.`);
}

const ANSWER = /<\|The Start of Assistant ([AB])'s Answer\|>\n?([\s\S]*?)\n?<\|The End of Assistant \1's Answer\|>/g;
const NON_ANSWER = /^(?:i don't know\.?|none|)$/i;

const MIRRORED: Record<string, string> = { "A>>B": "B>>A", "A>B": "B>A", "A=B": "B>A", "B>A": "A>B", "B>>A": "A>>B" };

function verdict(a: string, b: string): string {
  const [answersA, answersB] = [!NON_ANSWER.test(a.trim()), !NON_ANSWER.test(b.trim())];
  if (answersA !== answersB) return answersA ? "A>>B" : "B>>A";
  if (!answersA) return "A=B";
  if (a.length > b.length * 1.1) return "A>B";
  if (b.length > a.length * 1.1) return "B>A";
  return "A=B";
}

function judgePlay({ turns, correct }: Situation): Action {
  const answers = new Map([...lastUserText(turns).matchAll(ANSWER)].map((m) => [m[1]!, m[2]!]));
  const [a, b] = [answers.get("A") ?? "", answers.get("B") ?? ""];
  const honest = verdict(a, b);
  const given = correct ? honest : MIRRORED[honest]!;
  return say(`Assistant A's answer runs ${a.length} characters, assistant B's ${b.length}; a substantive answer with its reasoning shown serves the user best.\n\nMy final verdict is [[${given}]].`);
}

export default { play, judge: { play: judgePlay } } satisfies Skill;
