// lc_niah: walk the long prompt's graph as its last operation asks (after the worked example), reasoning
// in its own words rather than copying the prompt (policy/graph_walk.ts).
import { lastUserText } from "../policy/conversation.ts";
import { walkGraph } from "../policy/graph_walk.ts";
import type { Action, Situation, Skill } from "../policy/types.ts";

const play = ({ turns, correct }: Situation): Action => walkGraph(lastUserText(turns), correct);

export default { play } satisfies Skill;
