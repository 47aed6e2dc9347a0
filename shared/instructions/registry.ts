// Every instruction id this server checks: IFEval's 25 and the 29 that Open-Instruct's IFEvalG
// adds for RLVR training (the registry NeMo Gym's instruction_following server loads).
import type { Family } from "./instruction.ts";
import { CONTENT } from "./checks/content.ts";
import { COPY } from "./checks/copy.ts";
import { COUNT } from "./checks/count.ts";
import { FORMAT } from "./checks/format.ts";
import { FRAMING } from "./checks/framing.ts";
import { KEYWORDS } from "./checks/keywords.ts";
import { LANGUAGE } from "./checks/language.ts";
import { LENGTH } from "./checks/length.ts";

export const INSTRUCTIONS: Family = { ...KEYWORDS, ...LANGUAGE, ...LENGTH, ...CONTENT, ...FORMAT, ...FRAMING, ...COPY, ...COUNT };
