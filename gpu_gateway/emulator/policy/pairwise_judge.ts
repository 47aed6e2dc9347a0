// A pairwise generative reward model (genrm_model's calls): the conversation, then the two
// candidates in the roles response_1 and response_2. The emulator rates a candidate that answers
// 4 and one that does not ("I don't know.", empty, "None") 1, prefers the shorter of two equally
// rated answers, and writes the JSON verdict GenRMs give. On the wrong path it swaps the scores.
import type { Turn } from "../messages.ts";
import { say, type Action, type Situation, type Skill } from "./types.ts";

const NON_ANSWER = /^(?:i don't know\.?|none|)$/i;

const candidate = (turns: readonly Turn[], role: "response_1" | "response_2") => turns.find((turn) => turn.role === role)?.content;

/** Whether the conversation asks for a pairwise verdict; play needs it to. */
export function asksForPairwiseVerdict({ turns }: Situation): boolean {
  return candidate(turns, "response_1") !== undefined && candidate(turns, "response_2") !== undefined;
}

const rating = (answer: string) => (NON_ANSWER.test(answer.trim()) ? 1 : 4);

function play({ turns, correct }: Situation): Action {
  const [first, second] = [candidate(turns, "response_1")!, candidate(turns, "response_2")!];
  let [score_1, score_2] = [rating(first), rating(second)];
  if (!correct) [score_1, score_2] = [score_2, score_1];
  // 1-3: response 1 better, 4-6: response 2 better; equal ratings lean to the shorter answer.
  const ranking = score_1 > score_2 ? 2 : score_1 < score_2 ? 5 : first.length <= second.length ? 3 : 4;
  return say(`Response 1 ${score_1 > 1 ? "answers the question" : "does not answer"}; response 2 ${score_2 > 1 ? "answers the question" : "does not answer"}.\n\n\`\`\`json\n${JSON.stringify({ score_1, score_2, ranking })}\n\`\`\``);
}

export const pairwiseJudge: Skill = { play };
