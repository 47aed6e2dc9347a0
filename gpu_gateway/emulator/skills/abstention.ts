// abstention: questions to answer in \boxed{}, or \boxed{[IDK]} when unsure. The recall and the
// judge are policy/letter_judge.ts's: the right answer boxed, else a plausible wrong one or,
// for one question in three, \boxed{[IDK]} (an abstention the server scores with no judge call).
// Unknown questions are declined with \boxed{[IDK]}.
import { lastUserText } from "../policy/conversation.ts";
import { decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";
import { letterJudge, recall } from "../policy/letter_judge.ts";

function play({ turns, correct }: Situation): Action {
  const recalled = recall(lastUserText(turns), correct);
  if (!recalled) return decline("\\boxed{[IDK]}");
  return say(recalled.abstains ? "\\boxed{[IDK]}" : `\\boxed{${recalled.answer}}`);
}

export default { play, judge: letterJudge } satisfies Skill;
