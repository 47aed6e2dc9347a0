// example_session_state_mgmt: increment_counter(count) + get_counter_value(). One increment per
// number the user gives, in order and in parallel, then read the counter, then quote it. Wrong
// path: the last increment is off by one.
import { callRecords, lastUserText, numberField, quote } from "../policy/conversation.ts";
import { call, say, type Action, type Situation, type Skill } from "../policy/types.ts";

const READ = { name: "get_counter_value", arguments: {} };

function play({ turns, correct }: Situation): Action {
  const records = callRecords(turns);
  const last = records.at(-1);
  if (last === undefined) {
    const numbers = (lastUserText(turns).match(/-?\d+/g) ?? []).map(Number);
    if (numbers.length === 0) return call(READ);
    if (!correct) numbers[numbers.length - 1] = (numbers.at(-1) as number) + 1;
    return call(...numbers.map((count) => ({ name: "increment_counter", arguments: { count } })));
  }
  if (last.name !== "get_counter_value") return call(READ);
  if (last.output === undefined) return say("I could not read the counter.");
  const count = numberField(last.output, "count");
  return say(count === undefined ? `I could not read the counter: ${quote(last.output)}` : `The count is ${count}.`);
}

export default { play } satisfies Skill;
