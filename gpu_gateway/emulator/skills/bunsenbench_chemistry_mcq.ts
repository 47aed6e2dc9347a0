// bunsenbench_chemistry_mcq: chemistry multiple choice with the options in <choice> tags. The
// policy recalls the answers of the example rows' questions and copies the chosen option's text
// into <choice></choice>, as the prompt asks; other questions are declined. Wrong path: the next
// option round the list.
import { lastUserText } from "../policy/conversation.ts";
import { decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";

const KNOWN: ReadonlyArray<readonly [RegExp, string]> = [
  [/conjugate base of hydronium/, "H2O"],
  [/common organic functional group/, "Ketone"],
  [/formula represents carbon dioxide/, "CO2"],
  [/separates compounds by interaction with a stationary phase/, "Chromatography"],
  [/quantity is measured in kelvin/, "Temperature"],
];

// The options as the prompt lists them, one <choice> tag per line.
const OPTION = /^<choice>([^<\n]*)<\/choice>$/gm;

function play({ turns, correct }: Situation): Action {
  const prompt = lastUserText(turns);
  const gold = KNOWN.find(([asks]) => asks.test(prompt))?.[1];
  const options = [...prompt.matchAll(OPTION)].map((m) => m[1]!);
  if (gold === undefined || !options.includes(gold)) return decline("I cannot tell which option is right.");
  const chosen = correct ? gold : options[(options.indexOf(gold) + 1) % options.length]!;
  return say(`<choice>${chosen}</choice>`);
}

export default { play } satisfies Skill;
