// blackjack: an episode server (reset/step), its hand kept in the session's own SessionDO.
import { resourcesServer } from "../../../shared/declaration.ts";
import { z } from "../../../shared/zod.ts";

/** The task fields of a row this server reads. */
export const Task = z.object({
  /** Shuffles the deck; absent, the row's input seeds it, so identical rows deal one game. */
  seed: z.number().int().nullish(),
});

export default resourcesServer({ task: Task, stateful: true });
