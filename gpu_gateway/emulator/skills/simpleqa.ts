// simpleqa: short factual questions, recalled (policy/letter_judge.ts) and stated; questions it
// does not know are declined. Its judge gives the A/B/C letter of the prompt's legend.
import { lastUserText } from "../policy/conversation.ts";
import { letterJudge, recall } from "../policy/letter_judge.ts";
import { decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";

function play({ turns, correct }: Situation): Action {
  const question = lastUserText(turns);
  const recalled = recall(question, correct);
  if (!recalled) return decline("I'm not sure; I can't answer that.");
  if (recalled.abstains) return say("I'm not sure about this one, sorry; I can't answer that.");
  return say(`The answer is ${recalled.answer}.`);
}

export default { play, judge: letterJudge } satisfies Skill;
