// graphwalks: walk the prompt's graph as its operation asks (policy/graph_walk.ts).
import { lastUserText } from "../policy/conversation.ts";
import { walkGraph } from "../policy/graph_walk.ts";
import type { Action, Situation, Skill } from "../policy/types.ts";

const play = ({ turns, correct }: Situation): Action => walkGraph(lastUserText(turns), correct);

export default { play } satisfies Skill;
