// What a skill sees and what it decides. A skill is a pure function of the conversation (plus the
// first-turn coin), so replaying a history always yields the same next turn.
import type { ToolSpec, Turn } from "../messages.ts";

export interface PlannedCall {
  name: string;
  arguments: Record<string, unknown>;
}

export interface Action {
  content: string | null;
  toolCalls: PlannedCall[];
  /** The skill could not work the task out and says so: a reward of 0 then says nothing of the verifier. */
  declined?: boolean;
}

export interface Situation {
  turns: readonly Turn[];
  tools: readonly ToolSpec[];
  /** Drawn on the first assistant turn of a conversation; later turns follow the history instead. */
  correct: boolean;
}

/** How a kind of task is played. An environment's own skill is the default export of skills/<environment>.ts. */
export interface Skill {
  play(situation: Situation): Action;
  /**
   * Draw right or wrong for every reply to a user message, not only on a conversation's first
   * turn: for tasks whose rows carry earlier exchanges, so the prompt already holds assistant turns.
   */
  drawsEachReply?: boolean;
  /**
   * How the environment's judge answers its resources server's judge calls (they name
   * `<environment>#judge`), in that server's verdict format: the true verdict when `correct`, a
   * wrong one otherwise, as a real judge errs.
   */
  judge?: Skill;
}

export const say = (content: string): Action => ({ content, toolCalls: [] });

/** A reply saying the task is beyond the skill (counted per environment: eval names environments the emulator only declined). */
export const decline = (content: string): Action => ({ content, toolCalls: [], declined: true });

export const call = (...calls: PlannedCall[]): Action => ({ content: null, toolCalls: calls });
