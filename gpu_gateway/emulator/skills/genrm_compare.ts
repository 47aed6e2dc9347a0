// genrm_compare: open-ended prompts, scored by comparing a task's answers with each other. The
// right path answers on the prompt's topic; the wrong path does not answer at all.
import { lastUserText } from "../policy/conversation.ts";
import { say, type Action, type Situation, type Skill } from "../policy/types.ts";

function play({ turns, correct }: Situation): Action {
  const prompt = lastUserText(turns).replace(/\s+/g, " ").trim();
  return say(correct ? `Here is my answer to "${prompt}": it comes down to the key facts, stated plainly and in order.` : "I don't know.");
}

export default { play } satisfies Skill;
