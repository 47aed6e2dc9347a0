// Every instruction id IFBench's registry holds (AllenAI IFBench at c6767a1, the library NeMo
// Gym's ifbench server loads), keyed by id.
import type { Family } from "../../../shared/instructions/instruction.ts";
import { COUNT } from "./checks/count.ts";
import { CUSTOM } from "./checks/custom.ts";
import { FORMAT } from "./checks/format.ts";
import { RATIO } from "./checks/ratio.ts";
import { REPEAT } from "./checks/repeat.ts";
import { SENTENCE } from "./checks/sentence.ts";
import { WORDS } from "./checks/words.ts";

export const INSTRUCTIONS: Family = { ...COUNT, ...RATIO, ...WORDS, ...SENTENCE, ...FORMAT, ...CUSTOM, ...REPEAT };
