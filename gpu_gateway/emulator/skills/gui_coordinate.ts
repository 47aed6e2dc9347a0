// gui_coordinate: "Point to the centre of the orange circle. Respond with the coordinates as
// <point>(x, y)</point> ... in thousandths". The skill looks at the image (policy/circles.ts),
// finds the disc of the named colour and gives its centre in thousandths of the image's width and
// height. Wrong path: it points at a disc of another colour (the image's corner when there is
// none). No image it can read, or no disc of that colour: it declines.
import { lastUserText } from "../policy/conversation.ts";
import { discs, namedColour, promptImage } from "../policy/circles.ts";
import { decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";

function play({ turns, correct }: Situation): Action {
  const colour = namedColour(lastUserText(turns));
  const image = promptImage(turns);
  const all = image ? discs(image) : [];
  const target = all.find((disc) => disc.color === colour);
  if (!image || !target) return decline("I cannot find that circle in the image.");
  const chosen = correct ? target : (all.find((disc) => disc.color !== colour) ?? { x: 0, y: 0 });
  const x = Math.round((chosen.x / image.width) * 1000);
  const y = Math.round((chosen.y / image.height) * 1000);
  return say(`<point>(${x}, ${y})</point>`);
}

export default { play } satisfies Skill;
