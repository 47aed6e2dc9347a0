// circle_click: "Click on the yellow circle." with a `click` tool taking pixel x and y. The skill
// looks at the image (policy/circles.ts), finds the disc of the named colour and clicks its
// centre; once the click has been answered it says it is done. Wrong path: it clicks the centre of
// a disc of another colour (the image's corner when there is none). No image it can read, or no
// disc of that colour: it declines.
import { callRecords, lastUserText } from "../policy/conversation.ts";
import { discs, namedColour, promptImage } from "../policy/circles.ts";
import { call, decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";

function play({ turns, correct }: Situation): Action {
  if (callRecords(turns).some((record) => record.name === "click" && record.output !== undefined)) return say("I clicked the circle.");
  const colour = namedColour(lastUserText(turns));
  const image = promptImage(turns);
  const all = image ? discs(image) : [];
  const target = all.find((disc) => disc.color === colour);
  if (!target) return decline("I cannot find that circle in the image.");
  const chosen = correct ? target : (all.find((disc) => disc.color !== colour) ?? { x: 0, y: 0 });
  return call({ name: "click", arguments: { x: Math.round(chosen.x), y: Math.round(chosen.y) } });
}

export default { play } satisfies Skill;
