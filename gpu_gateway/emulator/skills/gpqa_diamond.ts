// gpqa_diamond: mcqa's rows with GPQA metadata, answered as mcqa's skill answers them (the boxed
// letter, or the row's quoted template such as "Final Choice: X"); its wrong path is mcqa's slip.
import mcqa from "./mcqa.ts";
import type { Skill } from "../policy/types.ts";

export default { play: mcqa.play } satisfies Skill;
