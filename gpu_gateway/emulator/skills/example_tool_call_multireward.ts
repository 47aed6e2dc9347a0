// example_tool_call_multireward: the system prompt asks for exactly one get_weather call and no
// text. The weather skill finds the city; this one keeps to the format. Wrong path, one fault per
// task (so every component gets exercised): the wrong city, a sentence said alongside the call,
// or the city passed under a parameter name the tool does not have.
import { lastUserText } from "../policy/conversation.ts";
import type { Action, Situation, Skill } from "../policy/types.ts";
import { weather } from "../policy/weather.ts";

type Fault = (situation: Situation) => Action;

const FAULTS: Fault[] = [
  (situation) => weather.play(situation),
  (situation) => ({ ...weather.play({ ...situation, correct: true }), content: "Let me look that up for you." }),
  (situation) => {
    const action = weather.play({ ...situation, correct: true });
    return { ...action, toolCalls: action.toolCalls.map(({ name, arguments: { city } }) => ({ name, arguments: { location: city } })) };
  },
];

function play(situation: Situation): Action {
  const { turns, correct } = situation;
  const awaitingCall = !turns.some((turn) => turn.role === "assistant");
  if (!awaitingCall || correct) return weather.play(situation);
  const text = lastUserText(turns);
  const fault = FAULTS[[...text].reduce((sum, ch) => sum + ch.codePointAt(0)!, 0) % FAULTS.length]!;
  return fault(situation);
}

export default { play } satisfies Skill;
