// The scripted policy: a model call names its environment (the x-edge-gym-environment header) and
// that environment's skill plays the turn. Calls that name none, or one without a skill of its
// own, are a judge's when the prompt asks for a verdict (the servers' judge calls carry no
// environment; a GenRM's carries two candidates), else the generic skill's. A resources server's
// judge calls name `<environment>#judge` (shared/judge/call.ts): that environment's skill's own
// judge plays them, in its server's verdict format.
import { awaitingFirstReply } from "./conversation.ts";
import { generic } from "./generic.ts";
import { asksForVerdict, judge } from "./judge.ts";
import { asksForPairwiseVerdict, pairwiseJudge } from "./pairwise_judge.ts";
import { skillFor } from "./registry.ts";
import { JUDGE_SUFFIX } from "../../../shared/fleet/headers.ts";
import type { Action, Situation } from "./types.ts";

import type { Turn } from "../messages.ts";

/** Whether this turn draws right or wrong: a conversation's first, or any first reply to a user message for skills that ask. */
export function drawsOutcome(turns: readonly Turn[], environment?: string): boolean {
  if (!turns.some((turn) => turn.role === "assistant")) return true;
  return environment !== undefined && skillFor(environment)?.drawsEachReply === true && awaitingFirstReply(turns);
}

/** An environment's call without a skill of its own is declined: the generic skill only goes through the motions. */
export function play(situation: Situation, environment?: string): Action {
  const judgeOf = environment?.endsWith(JUDGE_SUFFIX) ? skillFor(environment.slice(0, -JUDGE_SUFFIX.length))?.judge : undefined;
  if (judgeOf) return judgeOf.play(situation);
  const own = environment === undefined || environment.endsWith(JUDGE_SUFFIX) ? undefined : skillFor(environment);
  const skill = own ?? (asksForPairwiseVerdict(situation) ? pairwiseJudge : asksForVerdict(situation) ? judge : generic);
  const action = skill.play(situation);
  const declined = action.declined === true || (environment !== undefined && own === undefined && skill === generic);
  // A skill plays its environment's task whatever the request offers, but the policy only calls
  // tools offered (none under tool_choice "none"): a turn reaching past them is the generic skill's.
  const offered = new Set(situation.tools.map((tool) => tool.name));
  const played = action.toolCalls.every((planned) => offered.has(planned.name)) ? action : generic.play(situation);
  return { ...played, declined: declined || played !== action };
}
