// Skills for tasks recognised by what the conversation says rather than by the tools offered:
// tool-less tasks (multiple choice, short answers, ARC grids), and tasks whose tool set another
// skill also plays. They are asked before the skills chosen by tool names.
import type { Action, Situation } from "./types.ts";

export interface PromptedSkill {
  recognises(situation: Situation): boolean;
  play(situation: Situation): Action;
}
