// swerl_llm_judge: pick the right fix among labelled diffs. The policy cannot review a patch, so it
// recalls the fixes of the example rows' issues (by their titles) and answers in the prompt's
// `<solution>X</solution>` form after a short think block; other issues are declined. Wrong path:
// the next label round the list.
import { lastUserText } from "../policy/conversation.ts";
import { decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";

const KNOWN: ReadonlyArray<readonly [RegExp, string]> = [
  [/private callback methods due to name mangling/, "B"],
  [/Proxy-Authorization header is incorrectly removed/, "B"],
  [/timezone-aware datetime values raises dimension mismatch/, "A"],
  [/Newlines after dvc metrics diff/, "C"],
  [/When moving a nested file, the output goes to the root/, "A"],
];

// Fix labels as the prompt lists them: "A: diff --git ...".
const LABEL = /^([A-Z]): diff --git /gm;

function play({ turns, correct }: Situation): Action {
  const prompt = lastUserText(turns);
  const gold = KNOWN.find(([asks]) => asks.test(prompt))?.[1];
  if (gold === undefined) return decline("I cannot tell which of these fixes is right.");
  const labels = [...new Set([...prompt.matchAll(LABEL)].map((m) => m[1]!))];
  if (!labels.includes(gold)) return decline("I cannot tell which of these fixes is right.");
  const chosen = correct ? gold : labels[(labels.indexOf(gold) + 1) % labels.length]!;
  return say(`<think>\nComparing each proposed change with the issue.\n</think>\n\n<solution>${chosen}</solution>`);
}

export default { play } satisfies Skill;
