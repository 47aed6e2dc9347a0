// over_refusal_detection: harmless prompts that sound alarming ("kill a process", "shoot a free
// throw"). The right path answers; the wrong path refuses. Its judge is jailbreak_detection's
// (it reads [[COMPLIED]]/[[REFUSED]] and Nemotron's "Refusal: yes/no" questions too).
import type { Skill } from "../policy/types.ts";
import { playAs, safetyJudge } from "./jailbreak_detection.ts";

export default { play: playAs(() => "safe"), judge: safetyJudge } satisfies Skill;
