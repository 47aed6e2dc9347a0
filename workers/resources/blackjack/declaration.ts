// blackjack: an episode server (reset/step), its hand kept in the session's own SessionDO.
import { resourcesServer } from "../../../shared/declaration.ts";
import { z } from "../../../shared/zod.ts";

/** The task fields of a row this server reads. */
export const Task = z.object({
  /** Shuffles the deck; absent, the row's input seeds it, so identical rows deal one game. */
  seed: z.number().int().nullish(),
});

// Its row in the environment catalogue, docs/environments.md (written by `npm run docs`).
const catalogue = {
  verifies: "episode server: hit or stand with `<action>` tags until the hand ends; the dealer draws to 17; one 52-card deck shuffled by the row's `seed` (absent: by its input), so the same row and actions deal the same cards",
  reward: "+1 win, 0 draw, -1 bust or loss",
  answerKey: "none",
};

export default resourcesServer({ catalogue, task: Task, stateful: true });
