// spartqa: spatial choose-object questions. The policy does not model the scenes; it recalls the
// answers of the example rows' questions (by the question and its two objects) and ends with the
// prompt's "Final answer: <candidate>" line; other questions are declined. Wrong path: another
// of the listed candidates, or now and then both objects echoed back (which resolves to nothing).
import { lastUserText } from "../policy/conversation.ts";
import { decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";

const KNOWN: ReadonlyArray<readonly [RegExp, string]> = [
  [/above the yellow shape\? a small shape or a big black triangle\?/, "both of them"],
  [/far from a small black square\? the big blue circle or the yellow triangle\?/, "none of them"],
  [/left of the small blue triangle\? a medium yellow triangle or a small blue square\?/, "a medium yellow triangle"],
  [/left of the small blue triangle\? a small blue square or a big blue square\?/, "a big blue square"],
  [/left of the big black square\? a medium black circle or a big black circle\?/, "both of them"],
];

// The prompt's candidate list: "- <candidate>" lines after "Candidate answers:".
const CANDIDATE = /^- (.+)$/gm;

function play({ turns, correct }: Situation): Action {
  const prompt = lastUserText(turns);
  const gold = KNOWN.find(([asks]) => asks.test(prompt))?.[1];
  const listed = prompt.slice(prompt.lastIndexOf("Candidate answers:"));
  const candidates = [...listed.matchAll(CANDIDATE)].map((m) => m[1]!.trim());
  if (gold === undefined || !candidates.includes(gold)) return decline("I cannot work out this scene.");
  if (correct) return say(`Placing each object in its block and checking the relation.\nFinal answer: ${gold}`);
  const others = candidates.filter((c) => c !== gold);
  // Which wrong answer is fixed per question, so replays agree.
  const pick = [...prompt].reduce((sum, ch) => sum + ch.charCodeAt(0), 0) % (others.length + 1);
  const wrong = pick === others.length ? `${candidates[0]} or ${candidates[1]}` : others[pick]!;
  return say(`Placing each object in its block and checking the relation.\nFinal answer: ${wrong}`);
}

export default { play } satisfies Skill;
