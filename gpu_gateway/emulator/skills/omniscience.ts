// omniscience: knowledge questions to answer with the answer alone, or to say "I don't know". The
// recall and the judge are policy/letter_judge.ts's: the right answer, else a plausible
// wrong one or, for one question in three, "I don't know."; unknown questions are declined.
import { lastUserText } from "../policy/conversation.ts";
import { decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";
import { letterJudge, recall } from "../policy/letter_judge.ts";

function play({ turns, correct }: Situation): Action {
  const recalled = recall(lastUserText(turns), correct);
  if (!recalled) return decline("I don't know.");
  return say(recalled.abstains ? "I don't know." : recalled.answer);
}

export default { play, judge: letterJudge } satisfies Skill;
