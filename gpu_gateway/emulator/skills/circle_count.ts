// circle_count: "How many pink circles are in the image?" over a picture of coloured discs. The
// skill looks at the image (policy/circles.ts: each disc is a connected region of its colour),
// counts the discs of the named colour and boxes the number. Wrong path: it counts one disc too
// many. No image it can read, or a colour it does not know: it declines.
import { lastUserText } from "../policy/conversation.ts";
import { discs, namedColour, promptImage } from "../policy/circles.ts";
import { decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";

function play({ turns, correct }: Situation): Action {
  const colour = namedColour(lastUserText(turns));
  const image = promptImage(turns);
  if (!colour || !image) return decline("I cannot make out the circles in this image.");
  const seen = discs(image).filter((disc) => disc.color === colour).length;
  const count = correct ? seen : seen + 1;
  return say(`Going over the image, I count ${count} ${colour} circle${count === 1 ? "" : "s"}.\n\n\\boxed{${count}}`);
}

export default { play } satisfies Skill;
